import { messagingEndpoints } from '@paydesk/domain/messaging/messaging.contract';

/** The webhook paths under /api, as Twilio is told them (PUBLIC_URL + /api + path). */
export const INBOUND_WEBHOOK_PATH = messagingEndpoints.twilioInbound.path;
export const STATUS_WEBHOOK_PATH = messagingEndpoints.twilioStatus.path;
