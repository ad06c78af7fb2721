import { nodeProgram } from '../../tsup.base';

// The shared recipe (tsup.base.ts at the root), with the npm packages bundled in as well: the web
// image holds this one file and the web build, no node_modules (docker/Dockerfile.web).
export default nodeProgram('apps/web-server', { standalone: true });
