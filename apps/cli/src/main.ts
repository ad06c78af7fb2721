import 'reflect-metadata';
import { runCli } from './cli';
import { COMMANDS } from './commands';

// Operations commands (docs/product/rules.md#R805): `npm run cli -- <command>`; see apps/cli/README.md.
runCli(process.argv.slice(2), COMMANDS).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
