import { setupServer } from 'msw/node';

// One MSW server for every test file; tests add their handlers with `server.use(...)`.
export const server = setupServer();
