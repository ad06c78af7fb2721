import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { CommonMessages } from '@outils/contracts';
import { ForbiddenError, UnauthorizedError } from '../errors/domain-error';
import { MultipartUpload } from '../http/multipart-upload';
import { credentialsOutsideBody, extractCredentials } from './credentials';
import { SessionStrategy } from './session.strategy';

export interface AuthenticatedOptions {
  /** Admin routes answer 403 to a valid non-admin. */
  admin?: boolean;
  /** Public routes that only personalise for a signed-in caller (isFavorite). */
  optional?: boolean;
}
export const AUTH_OPTIONS = 'outils:auth-options';

/** The one guard: 401 without valid credentials, 403 for a non-admin on admin routes. */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: SessionStrategy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.getAllAndOverride<AuthenticatedOptions | undefined>(AUTH_OPTIONS, [context.getHandler(), context.getClass()]) ?? {};
    const req = context.switchToHttp().getRequest<Request>();
    // An upload: with credentials in the headers, nothing of the files is read until this guard
    // let the request through; without, the body's credentials may follow a small upload's files
    // (docs/product/rules.md#R784).
    const upload = MultipartUpload.of(req);
    if (upload) req.body = credentialsOutsideBody(req) ? await upload.fieldsBeforeFiles() : await upload.fieldsWithCredentials();
    // No credential carried: nothing to check (docs/product/rules.md#R838).
    if (!extractCredentials(req)) {
      if (options.optional) return true;
      throw new UnauthorizedError(CommonMessages.unauthorized);
    }
    let user: Awaited<ReturnType<SessionStrategy['validate']>>;
    try {
      user = await this.strategy.validate(req, { fresh: options.admin === true });
    } catch (error) {
      // A route that only personalises answers as to a guest when the check itself failed.
      if (options.optional) return true;
      throw error;
    }
    if (!user) {
      if (options.optional) return true;
      throw new UnauthorizedError(CommonMessages.sessionInvalid);
    }
    req.user = user;
    if (options.admin && !user.isAdmin) throw new ForbiddenError(CommonMessages.forbidden);
    return true;
  }
}
