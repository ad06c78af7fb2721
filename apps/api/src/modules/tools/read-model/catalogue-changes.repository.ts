import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, AppConfig } from '@outils/server-config';

/** What changed, as the triggers of migration 1766000000000 say it (docs/product/rules.md#R302). */
export type CatalogueChange =
  | { kind: 'tools'; ids: number[] }
  | { kind: 'favorites'; userIds: string[] }
  | { kind: 'all' }
  /** A barrier: see `CatalogueReadModel.sync`. */
  | { kind: 'sync'; token: string };

export const CATALOGUE_CHANNEL = 'catalogue_changed';

export function parseChange(payload: string | undefined): CatalogueChange {
  if (!payload || payload === '*') return { kind: 'all' };
  if (payload.startsWith('sync:')) return { kind: 'sync', token: payload.slice(5) };
  const [kind, list] = [payload.slice(0, 2), payload.slice(2)];
  if (kind === 't:') {
    const ids = list.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
    return ids.length ? { kind: 'tools', ids } : { kind: 'all' };
  }
  if (kind === 'f:') return { kind: 'favorites', userIds: list.split(',').filter(Boolean) };
  return { kind: 'all' };
}

export interface ChangeListener {
  /** A change committed by any instance (or any other writer of the database); resolves once applied. */
  change(change: CatalogueChange): Promise<void>;
  /** Listening (again): everything before this moment may have been missed. */
  connected(): void;
  /** Not listening: changes may be missed until `connected`. */
  disconnected(): void;
}

/**
 * One dedicated PostgreSQL connection per API instance running `LISTEN catalogue_changed`
 * (a pooled connection cannot listen). It reconnects by itself, 0.5 s then up to 5 s apart.
 */
@Injectable()
export class CatalogueChangesRepository implements OnApplicationShutdown {
  private readonly logger = new Logger('CatalogueChanges');
  private client: Client | null = null;
  private listener: ChangeListener | null = null;
  private stopped = false;
  private retryMs = 500;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  listen(listener: ChangeListener): void {
    this.listener = listener;
    void this.connect();
  }

  /**
   * The writers' one way to tell the catalogue (docs/product/rules.md#R873): a change this
   * instance has just committed, applied here before the writer answers (read-your-write,
   * docs/product/rules.md#R302). The database's notification of the same commit tells every
   * instance, this one included, a moment later.
   */
  async committed(change: CatalogueChange): Promise<void> {
    await this.listener?.change(change);
  }

  /** Sends a notification on the channel (delivered after every change committed before it). */
  async notify(payload: string): Promise<boolean> {
    if (!this.client) return false;
    await this.client.query(`SELECT pg_notify($1, $2)`, [CATALOGUE_CHANNEL, payload]);
    return true;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.config.db.url, application_name: 'outils-api-catalogue-listener' });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      if (error) this.logger.warn(`catalogue listener lost: ${error.message}`);
      this.listener?.disconnected();
      this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
      this.retryMs = Math.min(5_000, this.retryMs * 2);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel === CATALOGUE_CHANNEL) void this.listener?.change(parseChange(msg.payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 500;
    this.listener?.connected();
  }
}
