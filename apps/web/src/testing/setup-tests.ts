import '@testing-library/jest-dom';
import { server } from './msw/server';

// Any request without a handler fails the test (bulletproof-react's rule).
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());
