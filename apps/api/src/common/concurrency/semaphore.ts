/** Thrown when a caller waited longer than the semaphore allows. */
export class SemaphoreTimeout extends Error {}

/**
 * At most `permits` holders at once; the others wait in arrival order, each at most `maxWaitMs`,
 * then get a `SemaphoreTimeout` (docs/product/rules.md#R771).
 */
export class Semaphore {
  private held = 0;
  private readonly waiting: Array<{ grant: () => void; timer: NodeJS.Timeout }> = [];

  constructor(
    readonly permits: number,
    readonly maxWaitMs: number,
  ) {}

  get inUse(): number {
    return this.held;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves with a release function once a permit is free; call it exactly once. */
  acquire(): Promise<() => void> {
    if (this.held < this.permits) {
      this.held += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(new SemaphoreTimeout(`waited more than ${this.maxWaitMs} ms`));
        }, this.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  /** Runs `work` holding a permit. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The permit passes straight to the next in line; otherwise it is free again.
      if (next) next.grant();
      else this.held -= 1;
    };
  }
}
