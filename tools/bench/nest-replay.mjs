// @ts-check
// The bench's second baseline: the CEILING OF THE FRAMEWORK. A NestJS (Express) application with
// the API's HTTP layer — extended query parser, helmet, CORS with the same options — and one
// controller that answers every GET with bytes recorded from the API: what the API would reach
// if its handlers cost nothing. The bytes of a path are fetched once from the API (as a guest)
// and replayed from memory after that; a tool sheet path never seen replays the first sheet
// recorded, so random sheets cost the same as one.
//
// Environment: PORT, API_URL (the API whose answers are replayed), WEB_URL (the CORS origin).
import 'reflect-metadata';
import { Controller, Get, Module, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import helmet from 'helmet';

const apiUrl = (process.env.API_URL ?? '').replace(/\/$/, '');
/** @type {Map<string, Buffer>} */
const bodies = new Map();
/** @type {Buffer | null} */
let firstSheet = null;

/** @param {string} url */
async function record(url) {
  const res = await fetch(apiUrl + url);
  const body = Buffer.from(await res.arrayBuffer());
  bodies.set(url, body);
  if (!firstSheet && /^\/tools\/[^/?]+$/.test(url.split('?')[0]) && res.ok) firstSheet = body;
  return body;
}

class ReplayController {
  /** @param {import('express').Request} req @param {import('express').Response} res */
  async replay(req, res) {
    const url = req.originalUrl;
    let body = bodies.get(url);
    if (!body) body = firstSheet && url.startsWith('/tools/') ? firstSheet : await record(url);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(body);
  }
}
// Decorators by hand (plain JavaScript): @Controller() class, @Get('{*path}') replay(@Req(), @Res()).
Req()(ReplayController.prototype, 'replay', 0);
Res()(ReplayController.prototype, 'replay', 1);
Get('{*path}')(ReplayController.prototype, 'replay', /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(ReplayController.prototype, 'replay')));
Controller()(ReplayController);

class ReplayModule {}
Module({ controllers: [ReplayController] })(ReplayModule);

const app = await NestFactory.create(ReplayModule, { logger: ['error'] });
// The API's configureHttp (apps/api/src/app.factory.ts), without its pipe, filter and guards.
const express = app.getHttpAdapter().getInstance();
express.set('query parser', 'extended');
express.disable('x-powered-by');
app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
app.enableCors({
  origin: process.env.WEB_URL ?? 'http://localhost:4200',
  methods: ['GET', 'POST', 'OPTIONS'],
  allowedHeaders: ['Content-Type', 'X-Request-Id', 'userEmail', 'userToken', 'email', 'token', 'Access-Token'],
  exposedHeaders: ['Content-Disposition', 'X-Request-Id', 'Retry-After'],
  maxAge: 600,
});
await app.listen(Number(process.env.PORT), '127.0.0.1');
console.log(`nest replay listening on ${process.env.PORT}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
