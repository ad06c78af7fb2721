import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from './msw/server';

// CI machines are small: give asynchronous queries more than the 1 s default before failing.
configure({ asyncUtilTimeout: 4000 });

// Any request without a handler fails the test (bulletproof-react's rule).
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // The server-side rendering specs run without a browser (@jest-environment node).
  if (typeof window !== 'undefined') window.localStorage.clear();
});
afterAll(() => server.close());
