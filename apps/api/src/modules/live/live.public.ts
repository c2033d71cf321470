// The live-events module, as other modules and plugins use it: redeeming and pruning WebSocket tickets.

export { pruneExpiredWsTickets, redeemWsTicket } from './live.service';
