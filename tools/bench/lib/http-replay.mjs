#!/usr/bin/env node
// @ts-check
// The web bench's baseline for a kept page (docs/product/rules.md#R889): a bare `node:http` server
// answering every request with the same status, headers and bytes, read once from REPLAY_FILE
// (JSON: { status, headers, body: base64 }) — what serving a page "like a static file" costs here.
// Its own process, like the web server it is compared with. Environment: PORT, REPLAY_FILE.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const { status, headers, body } = JSON.parse(readFileSync(/** @type {string} */ (process.env.REPLAY_FILE), 'utf8'));
const bytes = Buffer.from(body, 'base64');
createServer((_req, res) => {
  res.writeHead(status, { ...headers, 'content-length': bytes.length });
  res.end(bytes);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`replay listening on ${process.env.PORT}`));
