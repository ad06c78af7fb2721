import { Writable } from 'node:stream';
import pino from 'pino';
import { maskEmails, privateLogOptions } from './log-privacy';

describe('log privacy', () => {
  it('masks e-mail addresses in text', () => {
    expect(maskEmails('envoyé à camille.martin@example.com et lea@exemple.fr')).toBe('envoyé à c***@example.com et l***@exemple.fr');
  });

  it('keeps secrets and full addresses out of real pino lines', () => {
    const lines: string[] = [];
    const sink = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const logger = pino(privateLogOptions(), sink);
    logger.info({ user: { email: 'camille@example.com', password: 'Secret-2026!' }, token: 'abc123' }, 'mail pour camille@example.com');
    const line = lines.join('');
    expect(line).not.toContain('camille@example.com');
    expect(line).not.toContain('Secret-2026!');
    expect(line).not.toContain('abc123');
    expect(line).toContain('c***@example.com');
  });
});
