import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * argon2id (docs/product/rules.md#R43) with OWASP's recommended floor (19 MiB, 2 passes): strong enough and
 * fast enough that a check stays under 100 ms. `verify` reads the parameters from the hash,
 * so hashes made with other settings (seed, older accounts) keep working.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the time of one verification, so that an unknown address answers no faster. */
  async verifyDummy(password: string): Promise<void> {
    this.dummyHash ??= this.hash('outils-dummy-password-Aa1!');
    await this.verify(await this.dummyHash, password);
  }
}
