import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Registry } from 'prom-client';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { WorkerMetricsService } from '../metrics/worker-metrics.service';
import { metricsAccessAllowed } from '@outils/server-metrics';
import { WorkerHealthService } from './worker-health.service';

const Messages = {
  forbidden: 'Les métriques ne sont accessibles que depuis le serveur lui-même ou avec le jeton prévu (METRICS_TOKEN).',
  notFound: 'Cette adresse n’existe pas.',
  methodNotAllowed: 'Seule la méthode GET est acceptée ici.',
  internal: 'Une erreur est survenue',
};

/**
 * The worker's small HTTP port (WORKER_HTTP_PORT, default 3001): `/metrics`, `/health`,
 * `/health/ready`. It listens on 127.0.0.1 unless METRICS_TOKEN is set: then on every
 * interface, so that a Prometheus on another host (or container) can scrape it with the token.
 * Started by `main.ts` only, so that tests and scripts creating the worker module bind nothing.
 */
@Injectable()
export class WorkerHttpServer implements OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHttpServer.name);
  private server?: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: WorkerMetricsService,
    private readonly health: WorkerHealthService,
  ) {}

  async listen(port = this.config.metrics.workerPort, host = this.config.metrics.token ? '0.0.0.0' : '127.0.0.1'): Promise<AddressInfo> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: Error) => {
        this.logger.error(`Worker HTTP ${req.url?.split('?')[0]} failed: ${error.message}`);
        if (!res.headersSent) send(res, 500, { message: Messages.internal });
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    this.logger.log(`Worker metrics and health on http://${address.address}:${address.port}`);
    return address;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (!['/metrics', '/health', '/health/ready'].includes(path)) return send(res, 404, { message: Messages.notFound });
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { message: Messages.methodNotAllowed });
    if (path === '/metrics') {
      if (!metricsAccessAllowed(req, this.config.metrics.token)) return send(res, 403, { message: Messages.forbidden });
      const text = await this.metrics.scrape();
      res.writeHead(200, { 'Content-Type': Registry.PROMETHEUS_CONTENT_TYPE, 'Cache-Control': 'no-store' });
      res.end(text);
      return;
    }
    const report = path === '/health' ? await this.health.liveness() : await this.health.readiness();
    send(res, report.status === 'ok' ? 200 : 503, report);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}
