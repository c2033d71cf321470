import { FieldErrors, permissionDenied } from '../../lib/http-errors';
import { appUrlOf } from '../../lib/app-url';
import type { ProviderContext } from '../../lib/service-context';
import { isValidTwilioSignature } from '../../providers/sms/twilio-signature';
import { firstValue, type ProviderEventKind, type WebhookPayload } from './receive-webhook';
import { credentialsOf, findSendingNumber, settingsOf } from './sending-numbers';

export const SIGNATURE_MISSING = 'The X-Twilio-Signature header is required.';

/**
 * Checks Twilio's signature on a webhook: missing → 400, wrong → 403. The URL signed over is PUBLIC_URL (config)
 * plus the route's path, never the request's Host or forwarded headers, which a client sets. The auth token is
 * the account of the number the event concerns (our number: `To` inbound, `From` for status): the merchant's own,
 * else the global one.
 */
export async function verifyTwilioWebhook(
  ctx: ProviderContext,
  kind: ProviderEventKind,
  path: string,
  signature: string | string[] | undefined,
  payload: WebhookPayload,
): Promise<void> {
  if (typeof signature !== 'string' || !signature) throw FieldErrors.of('non_field_errors', SIGNATURE_MISSING);
  const ours = firstValue(payload, kind === 'inbound' ? 'To' : 'From');
  const number = ours ? await findSendingNumber(ctx.db, ours) : null;
  const merchantCredentials = number ? credentialsOf(await settingsOf(ctx.db, number.merchant_id), ctx.cipher) : null;
  const authToken = merchantCredentials?.authToken ?? ctx.config.TWILIO_AUTH_TOKEN;
  if (!authToken) throw permissionDenied();
  const url = `${appUrlOf(ctx.config)}/api${path}`;
  if (!isValidTwilioSignature(authToken, signature, url, payload)) throw permissionDenied();
}
