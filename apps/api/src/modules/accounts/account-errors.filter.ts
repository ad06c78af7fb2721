import { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { AllExceptionsFilter } from '../../common/errors/all-exceptions.filter';

type Body = Record<string, unknown>;

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

/**
 * Lets the global filter build the French answer, then reshapes its body for calls whose
 * error shape decisions §3 fixes differently. Route-scoped (`@UseFilters`).
 */
abstract class ReshapingFilter implements ExceptionFilter {
  private readonly inner = new AllExceptionsFilter();

  protected abstract reshape(status: number, body: Body): Body;

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const json = res.json.bind(res);
    res.json = ((body: Body) => {
      res.json = json;
      return json(this.reshape(res.statusCode, body));
    }) as Response['json'];
    this.inner.catch(exception, host);
  }
}

/** `POST /api/login`: "an error response carries an error field" (spec §7). */
export class LoginErrorsFilter extends ReshapingFilter {
  protected reshape(_status: number, body: Body): Body {
    if (typeof body.error === 'string') return body;
    return { ...body, error: firstMessage(body) };
  }
}

/**
 * Calls whose failures are `{ message }` (confirm, resend, forgot, reset — decisions §3):
 * field errors keep their detail and gain the first message.
 */
export class MessageErrorsFilter extends ReshapingFilter {
  protected reshape(_status: number, body: Body): Body {
    if (typeof body.message === 'string') return body;
    return { message: firstMessage(body), ...body };
  }
}

/** `POST /api/user/delete`: every failure is `{ success: false, message }` (decisions §3). */
export class DeleteAccountErrorsFilter extends ReshapingFilter {
  protected reshape(_status: number, body: Body): Body {
    return { success: false, message: firstMessage(body) };
  }
}
