import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { MessageAttachment } from '../../db/schema/messaging';
import { appUrlOf } from '../../lib/app-url';

// Attachments are kept in the media store (the data folder or an S3 bucket; MMS received before it, in the database)
// and read through the merchant's API route, which needs the bearer token. Two readers cannot send one: the SMS
// provider, which fetches an outgoing MMS's MediaUrl over the internet, and a browser's <img>/<a>. Both get an
// expiring link signed with a key derived from the server's secret:
// /api/media/<merchant>/<media>/?expires=<unix seconds>&signature=<HMAC-SHA256>.

const HOUR_MS = 60 * 60 * 1000;
/** A browser's link: valid one to two hours, the same link all hour (so the browser can cache the file). */
const VIEW_LINK_HOURS = 2;
/** The provider's link: it fetches when the text leaves; a day covers its retries. */
const PROVIDER_LINK_HOURS = 24;

const STORED_MEDIA_PATH = /^\/api\/merchants\/([0-9a-f-]{36})\/message_media\/([0-9a-f-]{36})\/$/i;

/** The merchant and id of a stored attachment's path (as upload_media answers it), or null for any other URL. */
export function storedMediaOf(url: string): { merchantId: string; mediaId: string } | null {
  const match = STORED_MEDIA_PATH.exec(url);
  return match?.[1] && match[2] ? { merchantId: match[1].toLowerCase(), mediaId: match[2].toLowerCase() } : null;
}

const keyOf = (config: Pick<Config, 'JWT_SECRET'>) =>
  createHmac('sha256', config.JWT_SECRET ?? '')
    .update('message-media-link:v1')
    .digest();

const signatureOf = (config: Pick<Config, 'JWT_SECRET'>, merchantId: string, mediaId: string, expires: number) =>
  createHmac('sha256', keyOf(config)).update(`${merchantId}/${mediaId}/${expires}`).digest('base64url');

/** The signed path of a stored attachment, valid until `expires` (whole seconds). */
export function signedMediaPath(
  config: Pick<Config, 'JWT_SECRET'>,
  merchantId: string,
  mediaId: string,
  expires: number,
): string {
  const signature = signatureOf(config, merchantId, mediaId, expires);
  return `/api/media/${merchantId}/${mediaId}/?expires=${expires}&signature=${signature}`;
}

/** Whether a link's signature is the server's for this attachment and it has not expired (constant-time compare). */
export function isValidMediaSignature(
  config: Pick<Config, 'JWT_SECRET'>,
  link: { merchantId: string; mediaId: string; expires: string; signature: string },
  now: Date,
): boolean {
  if (!/^\d{1,12}$/.test(link.expires)) return false;
  const expires = Number(link.expires);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signatureOf(config, link.merchantId, link.mediaId, expires));
  const given = Buffer.from(link.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function expiryOf(now: Date, hours: number): number {
  return Math.floor((Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + hours * HOUR_MS) / 1000);
}

/** A stored attachment's link for a signed-in browser (relative); any other URL is answered as it is. */
export function viewableAttachment(config: Pick<Config, 'JWT_SECRET'>, attachment: MessageAttachment, now: Date) {
  const stored = storedMediaOf(attachment.url);
  if (!stored) return attachment;
  return {
    ...attachment,
    url: signedMediaPath(config, stored.merchantId, stored.mediaId, expiryOf(now, VIEW_LINK_HOURS)),
  };
}

/**
 * The absolute link the SMS provider fetches an outgoing attachment at: PUBLIC_URL (never a request's Host) and
 * the signed path. Any other URL (already absolute) is passed on as it is.
 */
export function providerMediaUrl(config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL' | 'PORT'>, url: string, now: Date) {
  const stored = storedMediaOf(url);
  if (!stored) return url;
  const path = signedMediaPath(config, stored.merchantId, stored.mediaId, expiryOf(now, PROVIDER_LINK_HOURS));
  return `${appUrlOf(config)}${path}`;
}
