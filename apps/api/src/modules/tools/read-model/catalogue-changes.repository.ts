import { Injectable } from '@nestjs/common';
import { PgNotifications } from '../../../common/persistence/pg-notifications';

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
 * The catalogue's change notification: `LISTEN catalogue_changed` on the instance's one listening
 * connection (`PgNotifications`, shared with the sessions' channel), which reconnects by itself.
 */
@Injectable()
export class CatalogueChangesRepository {
  private listener: ChangeListener | null = null;

  constructor(private readonly notifications: PgNotifications) {}

  listen(listener: ChangeListener): void {
    this.listener = listener;
    this.notifications.subscribe(CATALOGUE_CHANNEL, {
      notification: (payload) => void this.listener?.change(parseChange(payload)),
      connected: () => this.listener?.connected(),
      disconnected: () => this.listener?.disconnected(),
    });
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
  notify(payload: string): Promise<boolean> {
    return this.notifications.notify(CATALOGUE_CHANNEL, payload);
  }
}
