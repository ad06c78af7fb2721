import { runCli, helpText } from './cli';
import { CliError, Command } from './command';
import { COMMANDS } from './commands';
import { askNewPassword, normaliseEmail } from './commands/admin-create';
import { Prompter } from './prompt';

const quiet = () => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
};

const fakePrompter = (answers: string[], interactive = false): Prompter => ({
  interactive,
  ask: async (_q, d) => answers.shift() || d || '',
  askHidden: async () => answers.shift() ?? '',
  close: () => undefined,
});

describe('cli', () => {
  beforeEach(quiet);
  afterEach(() => jest.restoreAllMocks());

  const seen: string[][] = [];
  const echo: Command = {
    name: 'echo',
    summary: 'test',
    usage: '<word> [--loud]',
    requiredPositionals: 1,
    options: { loud: { type: 'boolean' } },
    run: async ({ positionals, values }) => {
      seen.push([...positionals, String(values.loud ?? false)]);
    },
  };
  const failing: Command = { name: 'fail', summary: 'test', run: async () => { throw new CliError('non', 3); } };

  it('has the operations commands in its table, each with a summary', () => {
    expect(COMMANDS.map((c) => c.name)).toEqual(expect.arrayContaining(['db:migrate', 'db:seed', 'admin:create']));
    expect(helpText(COMMANDS)).toContain('admin:create <email>');
  });

  it('runs a command with its arguments', async () => {
    await expect(runCli(['echo', 'bonjour', '--loud'], [echo])).resolves.toBe(0);
    expect(seen.pop()).toEqual(['bonjour', 'true']);
  });

  it('answers usage errors with exit code 2', async () => {
    await expect(runCli([], [echo])).resolves.toBe(2);
    await expect(runCli(['nope'], [echo])).resolves.toBe(2);
    await expect(runCli(['echo'], [echo])).resolves.toBe(2);
    await expect(runCli(['echo', 'x', '--unknown'], [echo])).resolves.toBe(2);
  });

  it('returns the exit code of a CliError', async () => {
    await expect(runCli(['fail'], [failing])).resolves.toBe(3);
  });
});

describe('admin:create helpers', () => {
  beforeEach(quiet);
  afterEach(() => jest.restoreAllMocks());

  it('normalises the e-mail and refuses a malformed one', () => {
    expect(normaliseEmail(' Admin@Example.COM ')).toBe('admin@example.com');
    expect(() => normaliseEmail('pas-une-adresse')).toThrow(CliError);
  });

  it('accepts a password that follows the rule when both entries match', async () => {
    await expect(askNewPassword(fakePrompter(['Secret-123', 'Secret-123']))).resolves.toBe('Secret-123');
  });

  it('refuses a weak password or a mismatch without a terminal', async () => {
    await expect(askNewPassword(fakePrompter(['faible', 'faible']))).rejects.toThrow(/refusé/);
    await expect(askNewPassword(fakePrompter(['Secret-123', 'Secret-124']))).rejects.toThrow(/identiques/);
  });

  it('asks again on a terminal', async () => {
    await expect(askNewPassword(fakePrompter(['faible', 'faible', 'Secret-123', 'Secret-123'], true))).resolves.toBe('Secret-123');
  });
});
