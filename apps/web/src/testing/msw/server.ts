import { setupServer } from 'msw/node';

/** The network of web tests: every request must be mocked by a test's handlers. */
export const server = setupServer();

/** The API origin the app calls in tests (default of config/env.ts). */
export const API = 'http://localhost:3000';
