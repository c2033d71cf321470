import { fileURLToPath } from 'node:url';

// Written by start-server.mjs for the run's global teardown (gitignored): the server's log, and where its data is.
export const SERVER_LOG = fileURLToPath(new URL('../logs/server.log', import.meta.url));
export const SERVER_INFO = fileURLToPath(new URL('../logs/server.json', import.meta.url));
