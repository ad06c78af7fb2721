import { HttpStatus } from '@nestjs/common';
import type { FieldErrors } from '@outils/contracts';

/**
 * Errors thrown by application services. Each carries its HTTP status and the body of the
 * shape of docs/product/rules.md#R144; the global filter writes them as they are.
 */
export abstract class DomainError extends Error {
  abstract readonly status: HttpStatus;
  abstract body(): Record<string, unknown>;
}

/** `{ message }` with a status: the default error shape (docs/product/rules.md#R144). */
export class MessageError extends DomainError {
  constructor(readonly status: HttpStatus, message: string, private readonly extra: Record<string, unknown> = {}) {
    super(message);
  }
  body() {
    return { ...this.extra, message: this.message };
  }
}

/** 400 `{ errors: { field: [messages] } }`. */
export class FieldValidationError extends DomainError {
  readonly status = HttpStatus.BAD_REQUEST;
  constructor(readonly errors: FieldErrors) {
    super(Object.values(errors).flat().join(' '));
  }
  static single(field: string, message: string) {
    return new FieldValidationError({ [field]: [message] });
  }
  body() {
    return { errors: this.errors };
  }
}

/** 400 `{ errors: { detail } }` — the profile update's shape (docs/product/rules.md#R57). */
export class DetailError extends DomainError {
  readonly status = HttpStatus.BAD_REQUEST;
  constructor(message: string) {
    super(message);
  }
  body() {
    return { errors: { detail: this.message } };
  }
}

export class NotFoundError extends MessageError {
  constructor(message: string) {
    super(HttpStatus.NOT_FOUND, message);
  }
}
export class UnauthorizedError extends MessageError {
  constructor(message: string) {
    super(HttpStatus.UNAUTHORIZED, message);
  }
}
export class ForbiddenError extends MessageError {
  constructor(message: string) {
    super(HttpStatus.FORBIDDEN, message);
  }
}
export class BadRequestError extends MessageError {
  constructor(message: string) {
    super(HttpStatus.BAD_REQUEST, message);
  }
}
export class TooManyRequestsError extends MessageError {
  constructor(message: string, readonly retryAfterSeconds?: number) {
    super(HttpStatus.TOO_MANY_REQUESTS, message);
  }
}
