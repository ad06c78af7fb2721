#!/usr/bin/env node
// @ts-check
// The folder-ZIP bench's baseline: a bare node:http server that streams the same stored files,
// one after the other, with nothing else (no database, no ZIP, no framework). FILES is a
// JSON list of absolute paths.
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';

/** @type {string[]} */
const files = JSON.parse(process.env.FILES ?? '[]');
createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
  let index = 0;
  /** @type {import('node:fs').ReadStream | null} */
  let current = null;
  const next = () => {
    if (index >= files.length) return res.end();
    current = createReadStream(files[index++]);
    current.on('end', next);
    current.pipe(res, { end: false });
  };
  res.on('close', () => current?.destroy());
  next();
}).listen(Number(process.env.PORT), '127.0.0.1');
