import { ArgumentsHost } from '@nestjs/common';
import { AllExceptionsFilter } from './all-exceptions.filter';

function hostFor() {
  const res = { statusCode: 0, body: undefined as unknown, headers: {} as Record<string, string>, headersSent: false,
    status(code: number) { this.statusCode = code; return this; },
    json(body: unknown) { this.body = body; return this; },
    setHeader(name: string, value: string) { this.headers[name] = value; },
    end() { return this; } };
  const req = { id: 'req-1', path: '/api/tools' };
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }) } as unknown as ArgumentsHost;
  return { res, host };
}

describe('AllExceptionsFilter', () => {
  const filter = new AllExceptionsFilter();
  beforeAll(() => jest.spyOn((filter as unknown as { logger: { warn: () => void } }).logger, 'warn').mockImplementation(() => undefined));

  it.each([
    ['a pool timeout', Object.assign(new Error('timeout exceeded when trying to connect'), {})],
    ['PostgreSQL shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ])('answers %s with a French 503 and Retry-After, not a 500', (_label, error) => {
    const { res, host } = hostFor();
    filter.catch(error, host);
    expect(res.statusCode).toBe(503);
    expect(res.body).toEqual({ message: 'Le service est momentanément indisponible. Merci de réessayer dans quelques instants.' });
    expect(res.headers['Retry-After']).toBe('5');
  });

  it('still answers a real bug with a 500 that leaks nothing', () => {
    const { res, host } = hostFor();
    jest.spyOn((filter as unknown as { logger: { error: () => void } }).logger, 'error').mockImplementation(() => undefined);
    filter.catch(new TypeError("Cannot read properties of undefined (reading 'x')"), host);
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ message: 'Une erreur est survenue' });
  });
});
