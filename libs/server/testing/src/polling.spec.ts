import { eventually, waitUntil } from './polling';

describe('polling helpers', () => {
  it('waitUntil returns the first truthy value, and names what it waited for when time is up', async () => {
    let calls = 0;
    await expect(waitUntil(() => (++calls >= 3 ? { id: '7' } : null), { intervalMs: 1 })).resolves.toEqual({ id: '7' });
    expect(calls).toBe(3);
    await expect(waitUntil(() => false, { timeoutMs: 20, intervalMs: 5, what: 'outbox row sent' })).rejects.toThrow(
      'Timed out after 20 ms waiting for: outbox row sent',
    );
  });

  it('eventually retries a failing assertion and rethrows its last error when time is up', async () => {
    let calls = 0;
    await expect(eventually(() => { if (++calls < 3) throw new Error('not yet'); return calls; }, { intervalMs: 1 })).resolves.toBe(3);
    await expect(eventually(() => { throw new Error('still wrong'); }, { timeoutMs: 20, intervalMs: 5 })).rejects.toThrow('still wrong');
  });
});
