import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from './auth-user';
import { AUTH_OPTIONS, AuthenticatedOptions, SessionAuthGuard } from './session-auth.guard';

/** Marks a route as protected: `@Authenticated()`, `@Authenticated({ admin: true })`, `{ optional: true }`. */
export const Authenticated = (options: AuthenticatedOptions = {}) =>
  applyDecorators(
    SetMetadata(AUTH_OPTIONS, options),
    UseGuards(SessionAuthGuard),
    ApiHeader({ name: 'userEmail', required: false }),
    ApiHeader({ name: 'userToken', required: !options.optional }),
  );

/** The authenticated caller (undefined on an optional route without credentials). */
export const Auth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | undefined => {
  return context.switchToHttp().getRequest<Request>().user as AuthUser | undefined;
});
