import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { clientIp } from '../http/client-ip';

/** The caller's IP (behind a trusted proxy, the forwarded one), for per-IP rate limits. */
export const ClientIp = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  clientIp(context.switchToHttp().getRequest<Request>()),
);
