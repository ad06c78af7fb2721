import { createInterface, Interface } from 'node:readline';

/**
 * Questions on the terminal. On a TTY the hidden answers are read in raw mode without echo;
 * without a TTY (a pipe, a script) each answer is the next line of standard input.
 */
export interface Prompter {
  readonly interactive: boolean;
  ask(question: string, defaultValue?: string): Promise<string>;
  askHidden(question: string): Promise<string>;
  close(): void;
}

export function createPrompter(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stdout,
): Prompter {
  const interactive = Boolean(input.isTTY);
  let lines: AsyncIterator<string> | undefined;
  let rl: Interface | undefined;

  const nextLine = async (): Promise<string | undefined> => {
    if (!lines) {
      rl = createInterface({ input, terminal: false });
      lines = rl[Symbol.asyncIterator]();
    }
    const next = await lines.next();
    return next.done ? undefined : next.value;
  };

  const askVisible = (question: string): Promise<string> =>
    new Promise((resolvePromise) => {
      const tty = createInterface({ input, output, terminal: true });
      tty.question(question, (answer) => {
        tty.close();
        resolvePromise(answer);
      });
    });

  const askHiddenTty = (question: string): Promise<string> =>
    new Promise((resolvePromise, reject) => {
      output.write(question);
      let value = '';
      input.setRawMode(true);
      input.resume();
      input.setEncoding('utf8');
      const finish = (error?: Error) => {
        input.removeListener('data', onData);
        input.setRawMode(false);
        input.pause();
        output.write('\n');
        if (error) reject(error);
        else resolvePromise(value);
      };
      const onData = (chunk: string) => {
        for (const char of chunk) {
          if (char === '\r' || char === '\n') return finish();
          if (char === '\u0003') return finish(new Error('Interrompu.'));
          if (char === '\u0004') return finish(value ? undefined : new Error('Interrompu.'));
          if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
          else if (char >= ' ') value += char;
        }
      };
      input.on('data', onData);
    });

  return {
    interactive,
    async ask(question, defaultValue) {
      const label = defaultValue ? `${question} [${defaultValue}] : ` : `${question} : `;
      // Without a terminal, a missing line takes the default.
      const answer = ((interactive ? await askVisible(label) : await nextLine()) ?? '').trim();
      return answer || defaultValue || '';
    },
    async askHidden(question) {
      if (interactive) return askHiddenTty(`${question} : `);
      const line = await nextLine();
      if (line === undefined) throw new Error(`${question} : entrée standard terminée, réponse manquante.`);
      return line;
    },
    close() {
      rl?.close();
    },
  };
}
