import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, AppConfig } from '@outils/server-config';

/** What a channel's subscriber is told. */
export interface ChannelListener {
  /** A notification on the channel (sent by any instance or by a trigger, after its commit). */
  notification(payload: string | undefined): void;
  /** Listening (again): everything before this moment may have been missed. */
  connected(): void;
  /** Not listening: notifications may be missed until `connected`. */
  disconnected(): void;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The API instance's one dedicated PostgreSQL connection for `LISTEN` (a pooled connection
 * cannot listen), shared by every channel the instance follows: the catalogue's changes
 * (docs/product/rules.md#R302) and the sessions' (docs/product/rules.md#R839). It connects on the
 * first subscription and reconnects by itself, 0.5 s then up to 5 s apart; each subscriber is
 * told when notifications may have been missed.
 */
@Injectable()
export class PgNotifications implements OnApplicationShutdown {
  private readonly logger = new Logger('PgNotifications');
  private readonly listeners = new Map<string, ChannelListener>();
  private client: Client | null = null;
  private connecting = false;
  private stopped = false;
  private retryMs = 500;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Follows `channel` (one subscriber per channel); `connected` is called once it listens. */
  subscribe(channel: string, listener: ChannelListener): void {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
    this.listeners.set(channel, listener);
    const client = this.client;
    if (client) {
      client.query(`LISTEN ${channel}`).then(
        () => listener.connected(),
        (error: Error) => this.logger.warn(`LISTEN ${channel} failed: ${error.message}`),
      );
    } else if (!this.connecting) {
      void this.connect();
    }
  }

  /** Sends a notification on the channel (delivered after every change committed before it); false when not connected. */
  async notify(channel: string, payload: string): Promise<boolean> {
    if (!this.client) return false;
    await this.client.query(`SELECT pg_notify($1, $2)`, [channel, payload]);
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
    this.connecting = true;
    const client = new Client({ connectionString: this.config.db.url, application_name: 'outils-api-notifications' });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      this.connecting = false;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      if (error) this.logger.warn(`notification listener lost: ${error.message}`);
      for (const listener of this.listeners.values()) listener.disconnected();
      this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
      this.retryMs = Math.min(5_000, this.retryMs * 2);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => this.listeners.get(msg.channel)?.notification(msg.payload));
    const channels = [...this.listeners.keys()];
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    this.connecting = false;
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 500;
    // A channel subscribed while connecting listens now too.
    for (const channel of this.listeners.keys()) if (!channels.includes(channel)) await client.query(`LISTEN ${channel}`).catch(() => undefined);
    for (const listener of this.listeners.values()) listener.connected();
  }
}

/** The listening connection, one per application (global, like the transaction runner). */
@Global()
@Module({ providers: [PgNotifications], exports: [PgNotifications] })
export class PgNotificationsModule {}
