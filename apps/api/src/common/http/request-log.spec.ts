import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { pinoHttp, type Options } from 'pino-http';
import { loadConfig } from '@outils/server-config';
import { loggerOptions } from './logger-options';
import { requestLog } from './request-log';

/** The application's logger as `nestjs-pino` builds it (pino-http's wrapped serializers), writing to memory. */
function appLogger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>));
      done();
    },
  });
  const options = loggerOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: level })).pinoHttp as Options;
  return { lines, logger: pinoHttp(options, stream).logger as pino.Logger };
}

function exchange(url: string, headers: Record<string, string> = {}) {
  const res = Object.assign(new EventEmitter(), { statusCode: 200, headersSent: true, headers: {} as Record<string, unknown> }) as unknown as ServerResponse & EventEmitter;
  (res as unknown as { setHeader: (name: string, value: unknown) => void }).setHeader = (name, value) => {
    (res as unknown as { headers: Record<string, unknown> }).headers[name.toLowerCase()] = value;
  };
  const req = { method: 'GET', url, originalUrl: url, headers, socket: {} } as unknown as IncomingMessage;
  return { req, res };
}

describe('the request line (docs/product/rules.md#R836)', () => {
  it('writes one line per request once it is finished: id, method, path, user, route, status, duration', () => {
    const { lines, logger } = appLogger('info');
    const { req, res } = exchange('/tools/outil-1?storedToken=secret', { 'x-request-id': 'abc-123' });
    const next = jest.fn();
    requestLog(logger)(req, res, next);
    expect(next).toHaveBeenCalledTimes(1);
    Object.assign(req, { user: { id: 'u-1' }, route: { path: '/tools/:idOrSlug' } });
    res.emit('finish');
    res.emit('close');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30, msg: 'request completed', req: { id: 'abc-123', method: 'GET', path: '/tools/outil-1' }, userId: 'u-1', route: '/tools/:idOrSlug',
      res: { statusCode: 200 }, responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines[0])).not.toContain('secret');
    expect((res as unknown as { headers: Record<string, unknown> }).headers['x-request-id']).toBe('abc-123');
  });

  it('says a 500 errored, and logs nothing of the quiet paths or of a catch-all route', () => {
    const { lines, logger } = appLogger('info');
    const failed = exchange('/api/tools');
    requestLog(logger)(failed.req, failed.res, () => undefined);
    Object.assign(failed.req, { route: { path: '{/*splat}' } });
    failed.res.statusCode = 500;
    failed.res.emit('finish');
    const probe = exchange('/health/ready');
    requestLog(logger)(probe.req, probe.res, () => undefined);
    probe.res.emit('finish');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request errored', res: { statusCode: 500 }, err: { message: 'failed with status code 500' } });
    expect(lines[0]).not.toHaveProperty('route');
  });

  it('prepares nothing when the level drops the line, but still names the request', () => {
    const { lines, logger } = appLogger('warn');
    const { req, res } = exchange('/api/tools');
    requestLog(logger)(req, res, () => undefined);
    expect(res.listenerCount('finish')).toBe(0);
    res.emit('finish');
    expect(lines).toEqual([]);
    expect((req as IncomingMessage & { id?: string }).id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
