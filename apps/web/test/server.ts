import { http, HttpResponse, ws } from 'msw';
import { setupServer } from 'msw/node';

// The session opens the live events socket when signed in, with a ticket it asks for first; here it gets one,
// connects and stays silent.
const wsTicket = http.post('*/api/ws-ticket/', () => HttpResponse.json({ ticket: 'test-ticket' }, { status: 201 }));
const liveEvents = ws.link('ws://*/ws/events/*');

// One MSW server for every test file; tests add their handlers with `server.use(...)`.
export const server = setupServer(
  wsTicket,
  liveEvents.addEventListener('connection', () => {}),
);
