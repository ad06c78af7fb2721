import 'reflect-metadata';
import { runCli } from './cli';
import { COMMANDS } from './commands';

// Operations commands (docs/product/rules.md#R170): `npm run cli -- <command>`; see tools/cli/README in the root README.
runCli(process.argv.slice(2), COMMANDS).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
