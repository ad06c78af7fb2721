import 'reflect-metadata';
import type { DynamicModule, Type } from '@nestjs/common';
import type { Job } from 'bullmq';
import { loadConfig } from '@outils/server-config';
import { JOB_NAMES, JOB_QUEUE } from '@outils/server-jobs';
import { HOUSEKEEPING_JOB_NAMES } from './housekeeping/housekeeping.handlers';
import { MAIL_JOB_NAMES } from './mail/mail.handlers';
import { OutboxJobRunner } from './outbox/outbox-job-runner';
import { WorkerModule } from './worker.module';

/** `@Processor()` metadata key of @nestjs/bullmq. */
const PROCESSOR_METADATA = 'bullmq:processor_metadata';

type ProcessorClass = Type<{ process(job: Job): Promise<unknown> }>;

/** Every provider of the worker application, walking its module tree. */
function providersOf(root: DynamicModule | Type): unknown[] {
  const seen = new Set<unknown>();
  const providers: unknown[] = [];
  const visit = (entry: unknown) => {
    if (!entry || seen.has(entry)) return;
    seen.add(entry);
    const dynamic = typeof entry === 'object' && 'module' in (entry as object) ? (entry as DynamicModule) : undefined;
    const cls = (dynamic?.module ?? entry) as Type;
    providers.push(...(dynamic?.providers ?? []), ...(Reflect.getMetadata('providers', cls) ?? []));
    for (const imported of [...(dynamic?.imports ?? []), ...(Reflect.getMetadata('imports', cls) ?? [])]) visit(imported);
  };
  visit(root);
  return providers;
}

/**
 * A processor whose work does nothing. An outbox queue's processor gets a runner that answers at
 * once (its job table stays real); another processor gets a handler whose methods resolve at
 * once, its routing (`handles()`) kept. What is under test is the dispatch on the job name, not
 * the work (the handlers' own tests cover it).
 */
function withInertHandler(Processor: ProcessorClass) {
  const [First, ...others] = (Reflect.getMetadata('design:paramtypes', Processor) ?? []) as Array<Type<unknown>>;
  if (First === OutboxJobRunner) {
    const runner = { run: jest.fn().mockResolvedValue('done') };
    return new Processor(runner, ...others.map((Dependency) => Object.create(Dependency.prototype)));
  }
  const handler = Object.create(First.prototype) as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(First.prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(First.prototype, key);
    if (key !== 'constructor' && key !== 'handles' && typeof descriptor?.value === 'function') {
      handler[key] = jest.fn().mockResolvedValue('done');
    }
  }
  return new Processor(handler);
}

describe('job handlers', () => {
  const processors = providersOf(WorkerModule.forRoot(loadConfig({ NODE_ENV: 'test' })))
    .filter((p): p is ProcessorClass => typeof p === 'function' && Reflect.hasMetadata(PROCESSOR_METADATA, p))
    .map((Processor) => ({ Processor, queue: (Reflect.getMetadata(PROCESSOR_METADATA, Processor) as { name: string }).name }));

  it('registers a processor for every queue that has jobs', () => {
    for (const queue of new Set(Object.values(JOB_QUEUE))) expect(processors.map((p) => p.queue)).toContain(queue);
  });

  it.each(JOB_NAMES)('handles "%s" in the processor of its queue', async (name) => {
    const candidates = processors.filter((p) => p.queue === JOB_QUEUE[name]);
    expect(candidates.length).toBeGreaterThan(0);
    for (const { Processor } of candidates) {
      await expect(withInertHandler(Processor).process({ name, data: {} } as Job)).resolves.toBeDefined();
    }
  });

  it('refuses a job name that no handler knows, in every processor', async () => {
    for (const { Processor } of processors) {
      await expect(withInertHandler(Processor).process({ name: 'no-such-job', data: {} } as Job)).rejects.toThrow(/No handler/);
    }
  });

  it('keeps the exported handler lists in line with the job table', () => {
    for (const name of [...MAIL_JOB_NAMES, ...HOUSEKEEPING_JOB_NAMES]) expect(JOB_NAMES).toContain(name);
    for (const name of HOUSEKEEPING_JOB_NAMES) expect(JOB_QUEUE[name]).toBe('housekeeping');
    for (const name of MAIL_JOB_NAMES) expect(JOB_QUEUE[name]).toBe('mail');
  });
});
