import { JOB_NAMES, JOB_QUEUE, outboxJobId } from './job-types';
import { Queues } from './queues';

describe('job types', () => {
  it('routes every job to a known queue', () => {
    const queues = Object.values(Queues);
    for (const name of JOB_NAMES) expect(queues).toContain(JOB_QUEUE[name]);
  });
  it('builds BullMQ-safe job ids from outbox ids', () => {
    expect(outboxJobId('42')).toBe('outbox-42');
    expect(outboxJobId('42')).not.toMatch(/^\d+$|:/);
  });
});
