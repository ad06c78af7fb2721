import { HttpStatus, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { CommonMessages } from '@outils/contracts';
import { Semaphore, SemaphoreTimeout } from '../../common/concurrency/semaphore';
import { MessageError } from '../../common/errors/domain-error';

/**
 * argon2id (docs/product/rules.md#R43) with OWASP's recommended floor (19 MiB, 2 passes): strong enough and
 * fast enough that a check stays under 100 ms. `verify` reads the parameters from the hash,
 * so hashes made with other settings (seed, older accounts) keep working.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashings and checks running at once in one API process (docs/product/rules.md#R771):
 * each holds 19 MiB and a thread of libuv's pool (4 by default), so a burst of logins can neither
 * take the process's memory nor starve the file and DNS work that shares that pool. The others
 * wait their turn, at most `PASSWORD_WAIT_MS`, then get a French 503.
 */
export const PASSWORD_CHECKS_AT_ONCE = 4;
export const PASSWORD_WAIT_MS = 5_000;

@Injectable()
export class PasswordHasher {
  private dummyHash?: Promise<string>;
  /** Public for the tests that fill it. */
  readonly gate = new Semaphore(PASSWORD_CHECKS_AT_ONCE, PASSWORD_WAIT_MS);

  hash(password: string): Promise<string> {
    return this.bounded(() => argon2.hash(password, ARGON2_OPTIONS));
  }

  async verify(hash: string, password: string): Promise<boolean> {
    return this.bounded(async () => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    });
  }

  /** Spends the time of one verification, so that an unknown address answers no faster. */
  async verifyDummy(password: string): Promise<void> {
    this.dummyHash ??= argon2.hash('outils-dummy-password-Aa1!', ARGON2_OPTIONS);
    await this.verify(await this.dummyHash, password);
  }

  private async bounded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.gate.run(work);
    } catch (error) {
      if (error instanceof SemaphoreTimeout) throw new MessageError(HttpStatus.SERVICE_UNAVAILABLE, CommonMessages.serviceBusy);
      throw error;
    }
  }
}
