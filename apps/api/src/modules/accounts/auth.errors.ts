import { HttpStatus } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';

/** Login's 401 has its own shape: `{ error }` (docs/product/rules.md#R35). */
export class LoginFailedError extends DomainError {
  readonly status = HttpStatus.UNAUTHORIZED;
  /** `loginLink`: the password alone is refused for a while; the page offers a login link (docs/product/rules.md#R769). */
  constructor(message: string, private readonly extra: { loginLink?: true } = {}) {
    super(message);
  }
  body() {
    return { error: this.message, ...this.extra };
  }
}
