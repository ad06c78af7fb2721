import { parseArgs } from 'node:util';
import { ConfigError } from '@outils/server-config';
import { CliError, Command } from './command';

export function helpText(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage : npm run cli -- <commande> [arguments]',
    '   (ou, dans une image Docker : node dist/apps/cli/main.js <commande> [arguments])',
    '',
    'Commandes :',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}${c.usage ? `\n  ${' '.repeat(width)}  ${c.name} ${c.usage}` : ''}`),
  ].join('\n');
}

/** Runs one command line and returns the exit code (0 ok, 1 failure, 2 usage error). */
export async function runCli(argv: readonly string[], commands: readonly Command[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(helpText(commands));
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    console.error(`Commande inconnue : « ${name} ».\n\n${helpText(commands)}`);
    return 2;
  }
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: [...rest], options: command.options ?? {}, allowPositionals: true, strict: true });
    } catch (error) {
      throw new CliError(`${(error as Error).message}\nUsage : ${command.name} ${command.usage ?? ''}`.trim(), 2);
    }
    if (parsed.positionals.length < (command.requiredPositionals ?? 0)) {
      throw new CliError(`Argument manquant.\nUsage : npm run cli -- ${command.name} ${command.usage ?? ''}`.trim(), 2);
    }
    await command.run({ positionals: parsed.positionals, values: parsed.values as Record<string, string | boolean | undefined> });
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(error.message);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      console.error(`Configuration invalide (variables d'environnement, voir .env.example) :\n${error.message}`);
      return 1;
    }
    console.error(`${command.name} a échoué : ${(error as Error)?.message ?? String(error)}`);
    if (process.env.DEBUG) console.error(error);
    return 1;
  }
}
