import { ArgumentsHost, ExecutionContext, HttpStatus, NotFoundException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { StorageUnavailableError } from '@outils/server-storage';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { FieldValidationError, UnauthorizedError } from './domain-error';
import { ErrorShapeGuard, ErrorShapeName } from './error-shape';

function hostFor(shape?: ErrorShapeName) {
  const res = { statusCode: 0, body: undefined as unknown, headers: {} as Record<string, string>, headersSent: false,
    status(code: number) { this.statusCode = code; return this; },
    json(body: unknown) { this.body = body; return this; },
    setHeader(name: string, value: string) { this.headers[name] = value; },
    end() { return this; } };
  const req = { id: 'req-1', path: '/api/tools' };
  if (shape) {
    // What the global guard notes for a route declared with @ErrorShape(shape).
    const reflector = { getAllAndOverride: () => shape } as unknown as Reflector;
    const context = { getHandler: () => undefined, getClass: () => undefined, switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
    new ErrorShapeGuard(reflector).canActivate(context);
  }
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
    ['an object store that stopped answering', new StorageUnavailableError(Object.assign(new Error('socket timed out'), { name: 'TimeoutError' }))],
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

  it('answers a framework exception in French by its status, whatever its English text', () => {
    const { res, host } = hostFor();
    filter.catch(new NotFoundException('Cannot GET /nowhere'), host);
    expect(res.statusCode).toBe(HttpStatus.NOT_FOUND);
    expect(res.body).toEqual({ message: 'Cette adresse n’existe pas.' });
  });

  const fieldError = () => FieldValidationError.single('email', 'Adresse e-mail invalide');
  it.each<[ErrorShapeName | undefined, Error, unknown]>([
    [undefined, fieldError(), { errors: { email: ['Adresse e-mail invalide'] } }],
    ['message', fieldError(), { message: 'Adresse e-mail invalide', errors: { email: ['Adresse e-mail invalide'] } }],
    ['single-message', fieldError(), { message: 'Adresse e-mail invalide' }],
    ['login', fieldError(), { errors: { email: ['Adresse e-mail invalide'] }, error: 'Adresse e-mail invalide' }],
    ['account-delete', new UnauthorizedError('Session expirée'), { success: false, message: 'Session expirée' }],
  ])('gives a route declared with @ErrorShape(%p) its body', (shape, error, body) => {
    const { res, host } = hostFor(shape);
    filter.catch(error, host);
    expect(res.body).toEqual(body);
  });
});
