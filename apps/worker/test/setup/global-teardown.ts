import { teardownTestRun } from '@outils/server-testing';

export default teardownTestRun;
