import { nodeProgram } from '../../tsup.base';

// The shared recipe (tsup.base.ts at the root): src/main.ts bundled with the workspace libs.
export default nodeProgram('apps/cli');
