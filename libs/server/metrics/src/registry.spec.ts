import { programRegistry, timedEvents } from './registry';

describe('programRegistry and timedEvents', () => {
  it('gives each program its own registry, with Node figures under its prefix', async () => {
    const a = programRegistry('outils_a_');
    const b = programRegistry('outils_b_');
    expect(await a.metrics()).toMatch(/^outils_a_process_cpu_seconds_total/m);
    expect(await b.metrics()).not.toMatch(/outils_a_/);
  });

  it('counts every event and times those whose duration is known, with the same labels', async () => {
    const registry = programRegistry('outils_t_');
    const jobs = timedEvents(registry, {
      labelNames: ['queue'],
      count: { name: 'outils_t_jobs_total', help: 'Jobs.' },
      duration: { name: 'outils_t_job_seconds', help: 'Job time.', buckets: [1] },
    });
    jobs.record({ queue: 'mail' }, 0.5);
    jobs.record({ queue: 'mail' });
    const text = await registry.metrics();
    expect(text).toMatch(/^outils_t_jobs_total\{queue="mail"\} 2$/m);
    expect(text).toMatch(/^outils_t_job_seconds_count\{queue="mail"\} 1$/m);
  });
});
