import { CreateSchema1763800000000 } from './1763800000000-create-schema';

/** Every migration, in order. Never edit one once merged: add a new file. */
export const MIGRATIONS = [CreateSchema1763800000000];
