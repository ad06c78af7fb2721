import { HttpStatus } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';

/** Login's 401 has its own shape: `{ error }` (docs/product/rules.md#R35). */
export class LoginFailedError extends DomainError {
  readonly status = HttpStatus.UNAUTHORIZED;
  constructor(message: string) {
    super(message);
  }
  body() {
    return { error: this.message };
  }
}
