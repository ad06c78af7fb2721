import type { ParseArgsConfig } from 'node:util';

/** What a command receives once the command line is parsed. */
export interface CommandInput {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

/**
 * One entry of the command table (commands/index.ts). To add a command: write a file exporting
 * a `Command`, add it to the table; help and argument parsing come for free.
 */
export interface Command {
  name: string;
  summary: string;
  /** Arguments after the command name, shown in the help, e.g. `<email> [--first-name=<prénom>]`. */
  usage?: string;
  /** node:util parseArgs options (long names only). */
  options?: ParseArgsConfig['options'];
  /** Number of required positional arguments. */
  requiredPositionals?: number;
  run(input: CommandInput): Promise<void>;
}

/** A failure the operator can act on: its message is printed alone, without a stack. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = 'CliError';
  }
}
