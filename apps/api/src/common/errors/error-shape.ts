import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';

/**
 * The error bodies a route may promise besides the default one (docs/product/api.md, "Errors"):
 * - `message`: `{ message }` first, field detail kept (`{ message, errors }`) — confirm, resend, forgot, reset;
 * - `single-message`: `{ message }` only, the first problem — the catalogue's query parameters;
 * - `login`: `{ error }` — `POST /api/login`;
 * - `account-delete`: `{ success: false, message }` — `POST /api/user/delete`.
 * Routes without `@ErrorShape` answer the body as thrown (`{ message }` or `{ errors }`).
 */
export type ErrorShapeName = 'message' | 'single-message' | 'login' | 'account-delete';

const ERROR_SHAPE = 'outils:error-shape';

/** Declares the error body of a route or a controller; the one global filter applies it. */
export const ErrorShape = (shape: ErrorShapeName) => SetMetadata(ERROR_SHAPE, shape);

type Body = Record<string, unknown>;
type ShapedRequest = Request & { [ERROR_SHAPE]?: ErrorShapeName };

/**
 * Exception filters are not told which handler failed, so this global guard, which runs before
 * every other guard, pipe and handler, notes the route's shape on the request for the filter.
 */
@Injectable()
export class ErrorShapeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const shape = this.reflector.getAllAndOverride<ErrorShapeName | undefined>(ERROR_SHAPE, [context.getHandler(), context.getClass()]);
    if (shape) context.switchToHttp().getRequest<ShapedRequest>()[ERROR_SHAPE] = shape;
    return true;
  }
}

/** The shape the failing route declared, if the request got that far. */
export function errorShapeOf(req: Request): ErrorShapeName | undefined {
  return (req as ShapedRequest)[ERROR_SHAPE];
}

/** The first human-readable text of an error body, whatever its shape. */
export function firstMessage(body: Body): string | undefined {
  if (typeof body.message === 'string') return body.message;
  if (typeof body.error === 'string') return body.error;
  const errors = body.errors;
  if (errors && typeof errors === 'object') {
    const values = Object.values(errors as Record<string, unknown>).flat();
    const text = values.find((value): value is string => typeof value === 'string');
    if (text) return text;
  }
  return undefined;
}

/** The body of an error answered by a route of the given shape. */
export function shapeErrorBody(shape: ErrorShapeName | undefined, body: Body): Body {
  switch (shape) {
    case 'login':
      return typeof body.error === 'string' ? body : { ...body, error: firstMessage(body) };
    case 'message':
      return typeof body.message === 'string' ? body : { message: firstMessage(body), ...body };
    case 'single-message':
      return { message: firstMessage(body) };
    case 'account-delete':
      return { success: false, message: firstMessage(body) };
    default:
      return body;
  }
}
