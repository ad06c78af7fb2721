import { Command } from '../command';
import { adminCreate } from './admin-create';
import { dbMigrate } from './db-migrate';
import { dbSeed } from './db-seed';

/** The command table: `npm run cli -- <name> …`. Add new commands here. */
export const COMMANDS: readonly Command[] = [dbMigrate, dbSeed, adminCreate];
