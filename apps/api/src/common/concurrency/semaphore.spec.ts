import { Semaphore, SemaphoreTimeout } from './semaphore';

describe('Semaphore', () => {
  afterEach(() => jest.useRealTimers());

  it('lets `permits` holders in at once and the next ones in arrival order as permits come back', async () => {
    const gate = new Semaphore(2, 60_000);
    const order: string[] = [];
    const a = await gate.acquire();
    const b = await gate.acquire();
    const c = gate.acquire().then((release) => { order.push('c'); return release; });
    const d = gate.acquire().then((release) => { order.push('d'); return release; });
    await Promise.resolve();
    expect([gate.inUse, gate.queued, order]).toEqual([2, 2, []]);
    a();
    a(); // a second call of the same release frees nothing more
    (await c)();
    b();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    expect([gate.inUse, gate.queued]).toEqual([0, 0]);
  });

  it('refuses a caller that waited longer than allowed, and forgets it', async () => {
    jest.useFakeTimers();
    const gate = new Semaphore(1, 5_000);
    const held = await gate.acquire();
    const late = gate.acquire();
    jest.advanceTimersByTime(5_001);
    await expect(late).rejects.toBeInstanceOf(SemaphoreTimeout);
    expect(gate.queued).toBe(0);
    held();
    expect(gate.inUse).toBe(0);
  });
});
