import { ArgumentMetadata, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { CommonMessages } from '@outils/contracts';
import { FieldValidationError } from '../errors/domain-error';
import { KeptQueries } from './kept-queries';

/** French fallbacks for class-validator's English defaults, by constraint. */
function frenchFallback(constraint: string, property: string): string {
  switch (constraint) {
    case 'isNotEmpty':
    case 'isDefined':
      return CommonMessages.required(property);
    case 'isEmail':
      return CommonMessages.invalidEmail;
    case 'isInt':
      return CommonMessages.mustBeInteger(property);
    case 'isNumber':
      return CommonMessages.mustBeNumber(property);
    case 'isBoolean':
      return CommonMessages.mustBeBoolean(property);
    default:
      return CommonMessages.invalidValue(property);
  }
}

/** class-validator's errors as `{ field: [French messages] }`. */
export function flatten(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors) {
    const key = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      out[key] = Object.entries(error.constraints).map(([constraint, message]) =>
        /\b(must|should)\b/.test(message) ? frenchFallback(constraint, error.property) : message,
      );
    }
    Object.assign(out, flatten(error.children ?? [], key));
  }
  return out;
}

/**
 * `whitelist` drops unknown fields (sign-up ignores `isAdmin`, docs/product/rules.md#R140) without rejecting
 * them; errors come back as 400 `{ errors: { field: ["…"] } }` in French.
 */
export const VALIDATOR_OPTIONS = { whitelist: true, forbidUnknownValues: false, stopAtFirstError: true } as const;

/**
 * The one pipe, with a fast path for the queries of public reads (`@PublicQuery()` DTOs): an
 * identical query gets a copy of its first validated result (docs/product/rules.md#R837).
 */
class AppValidationPipe extends ValidationPipe {
  private readonly kept = new KeptQueries();

  constructor(options: ValidationPipeOptions) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const key = metadata.type === 'query' ? this.kept.keyOf(metadata.metatype, value) : undefined;
    if (key === undefined || !metadata.metatype) return super.transform(value, metadata);
    const kept = this.kept.get(metadata.metatype, key);
    if (kept) return kept;
    const validated: unknown = await super.transform(value, metadata);
    this.kept.keep(metadata.metatype, key, validated);
    return validated;
  }
}

export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    ...VALIDATOR_OPTIONS,
    transform: true,
    exceptionFactory: (errors) => new FieldValidationError(flatten(errors)),
  });
}
