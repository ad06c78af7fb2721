import { JOB_NAMES, JOB_QUEUE, outboxJobId } from './job-types';
import { OutboxDispatcher } from './outbox-dispatcher';
import type { OutboxRepository } from './outbox.repository';
import { DEFAULT_JOB_OPTIONS, Queues } from './queues';

describe('job types', () => {
  it('routes every job to a known queue', () => {
    const queues = Object.values(Queues);
    for (const name of JOB_NAMES) expect(queues).toContain(JOB_QUEUE[name]);
  });
  it('builds BullMQ-safe job ids from outbox ids', () => {
    expect(outboxJobId('42')).toBe('outbox-42');
    expect(outboxJobId('42')).not.toMatch(/^\d+$|:/);
  });

  it('queues an outbox row as its id only, failed jobs kept for a bounded time and count', async () => {
    const add = jest.fn().mockResolvedValue({});
    const rows = [{ id: '7', jobName: 'send-password-reset-mail', payload: { to: 'a@b.fr', resetUrl: 'http://x/?token=secret' } }];
    const outbox = { dispatchPending: async (dispatch: (r: unknown[]) => Promise<void>) => (await dispatch(rows), rows.length) } as unknown as OutboxRepository;
    await new OutboxDispatcher(outbox, () => ({ add }) as never).dispatch();
    expect(add).toHaveBeenCalledWith('send-password-reset-mail', { outboxId: '7' }, expect.objectContaining({ jobId: 'outbox-7' }));
    expect(JSON.stringify(add.mock.calls)).not.toContain('secret');
    expect(DEFAULT_JOB_OPTIONS.removeOnFail).toEqual({ age: expect.any(Number), count: expect.any(Number) });
  });
});
