import { z } from 'zod';
import { AUTHENTICATED } from '../access/endpoint-access';
import { defineEndpoint } from '../api/endpoint';

/** How long a WebSocket ticket stays valid; the client asks for one right before each (re)connect. */
export const WS_TICKET_LIFETIME_SECONDS = 30;

export const wsTicketSchema = z.object({
  ticket: z
    .string()
    .describe(
      `Single use, valid for ${WS_TICKET_LIFETIME_SECONDS} s: /ws/events/?ticket=… or /ws/chat/{customerId}/?token=…`,
    ),
});

export type WsTicket = z.infer<typeof wsTicketSchema>;

export const liveEndpoints = {
  ticket: defineEndpoint({
    method: 'POST',
    path: '/ws-ticket/',
    summary: 'A short-lived single-use ticket to open a live socket (browsers cannot set its headers)',
    tags: ['live'],
    access: AUTHENTICATED,
    status: 201,
    response: wsTicketSchema,
    errors: [401],
  }),
} as const;
