import { Command } from '../command';
import { adminCreate } from './admin-create';
import { dbMigrate } from './db-migrate';
import { dbSeed } from './db-seed';
import { outboxResend } from './outbox-resend';
import { statsAggregate } from './stats-aggregate';
import { tokensPurge } from './tokens-purge';
import { userDemote, userPromote } from './user-role';

/** The command table: `npm run cli -- <name> …`. Add new commands here. */
export const COMMANDS: readonly Command[] = [dbMigrate, dbSeed, adminCreate, userPromote, userDemote, outboxResend, tokensPurge, statsAggregate];
