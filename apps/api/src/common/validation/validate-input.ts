import type { Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FieldErrors } from '@outils/contracts';
import { flatten, VALIDATOR_OPTIONS } from './validation.pipe';

const asObject = (plain: unknown): object => (plain && typeof plain === 'object' && !Array.isArray(plain) ? plain : {});

/**
 * Checks input that does not reach a handler parameter through the global pipe — the fields of a
 * streamed upload, read only once the guard let the request through — with the same DTOs,
 * transforms and options. It returns the converted values AND the French field errors, so that a
 * form can add its own findings (files, references) and answer every problem at once.
 */
export async function checkInput<T extends object>(dto: Type<T>, plain: unknown): Promise<{ value: T; errors: FieldErrors }> {
  const value = plainToInstance(dto, asObject(plain));
  const errors = flatten(await validate(value, VALIDATOR_OPTIONS));
  return { value, errors };
}
