#!/usr/bin/env node
// @ts-check
// The bench's baseline server (lib/baseline-server.ts: a bare node:http + pg server doing the
// API's catalogue reads with the API's own SQL builder and mapper), started from its TypeScript
// sources. Environment: DATABASE_URL, PORT, API_URL, DATABASE_POOL_SIZE.
import { requireTs } from '../lib/typescript.mjs';

/** @type {typeof import('./lib/baseline-server.js')} */
const server = /** @type {any} */ (requireTs(new URL('./lib/baseline-server.ts', import.meta.url)));
server.main();
