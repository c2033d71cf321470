import { ws } from 'msw';
import { setupServer } from 'msw/node';

// The session opens the live events socket when signed in; here it connects and stays silent.
const liveEvents = ws.link('ws://*/ws/events/*');

// One MSW server for every test file; tests add their handlers with `server.use(...)`.
export const server = setupServer(liveEvents.addEventListener('connection', () => {}));
