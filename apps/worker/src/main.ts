import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from '@outils/server-config';
import { WorkerHttpServer } from './http/worker-http.server';
import { WorkerModule } from './worker.module';

async function bootstrap() {
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  // SIGTERM/SIGINT: BullMQ workers finish the job in hand before the process exits.
  app.enableShutdownHooks();
  await app.init();
  // /metrics, /health and /health/ready on WORKER_HTTP_PORT; closed by the shutdown hooks.
  await app.get(WorkerHttpServer).listen();
}

void bootstrap();
