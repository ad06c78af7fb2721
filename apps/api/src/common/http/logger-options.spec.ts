import { Writable } from 'node:stream';
import pino from 'pino';
import type { Options } from 'pino-http';
import { loadConfig } from '@outils/server-config';
import { loggerOptions, maskEmails } from './logger-options';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const options = loggerOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' })).pinoHttp as Options;
  const { redact, formatters, hooks, level } = options;
  return { lines, logger: pino({ redact, formatters, hooks, level } as pino.LoggerOptions, stream) };
}

describe('logger options', () => {
  it('masks e-mail addresses in free text', () => {
    expect(maskEmails('Compte camille.martin+test@exemple.fr créé pour Léa <lea@b.co>')).toBe('Compte c***@exemple.fr créé pour Léa <l***@b.co>');
  });

  it('masks addresses in messages and in logged objects, and redacts secret fields', () => {
    const { lines, logger } = capture();
    logger.info(`Mail sent to camille@exemple.fr`);
    logger.warn({ user: { email: 'lea@exemple.fr', password: 'Secret-2026!' }, token: 'abc', note: 'pour paul@exemple.fr' }, 'context');
    logger.error({ err: Object.assign(new Error('duplicate key'), { detail: 'Key (email)=(lea@exemple.fr) already exists.', parameters: ['lea@exemple.fr', 'hash'] }) }, 'Unhandled error');
    const text = lines.join('');
    expect(text).toContain('c***@exemple.fr');
    expect(text).toContain('p***@exemple.fr');
    for (const secret of ['camille@exemple.fr', 'lea@exemple.fr', 'paul@exemple.fr', 'Secret-2026!', '"abc"', 'hash']) expect(text).not.toContain(secret);
    expect(text).toContain('[masqué]');
  });
});
