import { setupTestRun } from '@outils/server-testing';

export default () => setupTestRun('api');
