import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { CommonMessages } from '@outils/contracts';
import { ForbiddenError, UnauthorizedError } from '../errors/domain-error';
import { MultipartUpload } from '../http/multipart-upload';
import type { AuthUser } from './auth-user';
import { credentialsOutsideBody, extractCredentials } from './credentials';
import { SESSION_STRATEGY } from './session.strategy';

export interface AuthenticatedOptions {
  /** Admin routes answer 403 to a valid non-admin. */
  admin?: boolean;
  /** Public routes that only personalise for a signed-in caller (isFavorite). */
  optional?: boolean;
}
export const AUTH_OPTIONS = 'outils:auth-options';

/** The one guard: 401 without valid credentials, 403 for a non-admin on admin routes. */
@Injectable()
export class SessionAuthGuard extends AuthGuard(SESSION_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.routeOptions(context);
    const req = context.switchToHttp().getRequest<Request>();
    // An upload: with credentials in the headers, nothing of the files is read until this guard
    // let the request through; without, the body's credentials may follow a small upload's files
    // (docs/product/rules.md#R784).
    const upload = MultipartUpload.of(req);
    if (upload) req.body = credentialsOutsideBody(req) ? await upload.fieldsBeforeFiles() : await upload.fieldsWithCredentials();
    if (options.optional && !extractCredentials(req)) return true;
    try {
      await super.canActivate(context);
    } catch (error) {
      if (options.optional) return true;
      throw error;
    }
    const user = req.user as AuthUser | undefined;
    if (options.admin && !user?.isAdmin) throw new ForbiddenError(CommonMessages.forbidden);
    return true;
  }

  override handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false, _info: unknown, context: ExecutionContext): TUser {
    if (err) throw err;
    if (!user) {
      const req = context.switchToHttp().getRequest<Request>();
      throw new UnauthorizedError(extractCredentials(req) ? CommonMessages.sessionInvalid : CommonMessages.unauthorized);
    }
    return user;
  }

  /** Not named `options`: passport's AuthGuard mixin already has an `options` field. */
  private routeOptions(context: ExecutionContext): AuthenticatedOptions {
    return this.reflector.getAllAndOverride<AuthenticatedOptions>(AUTH_OPTIONS, [context.getHandler(), context.getClass()]) ?? {};
  }
}
