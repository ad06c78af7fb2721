import { nodeProgram } from '../../tsup.base';

// The shared recipe (tsup.base.ts at the root): src/main.ts bundled with the workspace libs, and
// the PDF reader as a file of its own, which the worker starts as an isolated thread
// (docs/product/rules.md#R785).
export default nodeProgram('apps/worker', { entries: { 'pdf-engine': 'libs/server/documents/src/pdf-engine.js' } });
