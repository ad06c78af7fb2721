import { Injectable, Optional } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { StoragePort } from '@outils/server-storage';
import { EXPECTED_MIGRATIONS, HealthRepository } from './health.repository';

const TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms = TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Checks that only /health/ready runs: the schema is current and files can be written. */
@Injectable()
export class ReadinessIndicators {
  constructor(
    private readonly health: HealthIndicatorService,
    private readonly repository: HealthRepository,
    // The storage driver is provided by the catalogue's global StorageModule.
    @Optional() private readonly storage?: StoragePort,
  ) {}

  /** Every migration this build ships is applied (a replica started before `migration:run` is not ready). */
  async migrations(key = 'migrations') {
    const indicator = this.health.check(key);
    try {
      const applied = new Set(await withTimeout(this.repository.appliedMigrations()));
      const missing = EXPECTED_MIGRATIONS.filter((name) => !applied.has(name));
      return missing.length === 0
        ? indicator.up({ applied: applied.size })
        : indicator.down({ message: 'pending migrations', pending: missing });
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }

  async storageWritable(key = 'storage') {
    const indicator = this.health.check(key);
    if (!this.storage) return indicator.up({ message: 'no storage configured' });
    try {
      await withTimeout(this.storage.checkWritable());
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}
