import { Module, Provider, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@outils/server-config';
import { configureHttp } from '../app.factory';
import { SessionAuthGuard } from '../common/auth/session-auth.guard';
import { SessionStrategy } from '../common/auth/session.strategy';
import { ActiveSession, SessionsRepository } from '../common/auth/sessions.repository';
import { RateLimitGuard } from '../common/rate-limit/rate-limit.guard';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';

/** Credentials the fake sessions know: headers as the web app sends them. */
export const MEMBER = { userEmail: 'camille@example.com', userToken: 'member-token' };
export const ADMIN = { userEmail: 'admin@example.com', userToken: 'admin-token' };
export const FORGED = { userEmail: 'camille@example.com', userToken: 'forged-token' };

const SESSIONS: Record<string, ActiveSession> = {
  [MEMBER.userToken]: { sessionId: 's-member', userId: '00000000-0000-4000-8000-000000000001', email: MEMBER.userEmail, isAdmin: false },
  [ADMIN.userToken]: { sessionId: 's-admin', userId: '00000000-0000-4000-8000-000000000002', email: ADMIN.userEmail, isAdmin: true },
};

/** A service replaced by jest functions: each method answers `{}` unless a test says otherwise. */
export function fakeService<T>(type: Type<T>, methods: Array<keyof T>): { provide: Type<T>; useValue: Record<keyof T, jest.Mock> } {
  const value = Object.fromEntries(methods.map((name) => [name, jest.fn().mockResolvedValue({})])) as Record<keyof T, jest.Mock>;
  return { provide: type, useValue: value };
}

/**
 * A controller's HTTP contract without a database: the real guard, parsers, validation pipe and
 * error filter (configureHttp, as the application), with sessions, rate limits and the
 * controller's services replaced by fakes.
 */
export async function controllerApp(controller: Type<unknown>, services: Provider[]): Promise<NestExpressApplication> {
  // A module of its own rather than @nestjs/testing: nothing to override, everything is given here.
  @Module({
    controllers: [controller],
    providers: [
      SessionStrategy,
      SessionAuthGuard,
      RateLimitGuard,
      { provide: SessionsRepository, useValue: { findActive: async (token: string) => SESSIONS[token] ?? null } },
      { provide: RateLimitService, useValue: { consume: async () => undefined } },
      ...services,
    ],
  })
  class ControllerSpecModule {}
  const app = await NestFactory.create<NestExpressApplication>(ControllerSpecModule, { bodyParser: false, logger: false });
  configureHttp(
    app,
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      REDIS_URL: 'redis://127.0.0.1:1',
      API_URL: 'http://127.0.0.1:3999',
      WEB_URL: 'http://localhost:4299',
      LOG_LEVEL: 'silent',
    }),
  );
  await app.init();
  return app;
}
