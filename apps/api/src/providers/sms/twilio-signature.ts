import { createHmac, timingSafeEqual } from 'node:crypto';

export type WebhookParams = Readonly<Record<string, string | readonly string[]>>;

/**
 * Twilio's `X-Twilio-Signature`: HMAC-SHA1 with the auth token over the full URL followed by the POST parameters
 * sorted by name, each name and value appended (a repeated name: its values sorted), base64.
 */
export function twilioSignatureOf(authToken: string, url: string, params: WebhookParams): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    const values = typeof value === 'string' ? [value] : [...new Set(value)].sort();
    for (const item of values) data += name + item;
  }
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** The URL with its scheme's default port written out, and without any port: Twilio may have signed either. */
export function urlVariants(url: string): string[] {
  const parsed = new URL(url);
  const defaultPort = parsed.protocol === 'https:' ? '443' : '80';
  const rest = `${parsed.pathname}${parsed.search}`;
  const auth = parsed.username ? `${parsed.username}${parsed.password ? `:${parsed.password}` : ''}@` : '';
  const base = `${parsed.protocol}//${auth}${parsed.hostname}`;
  const port = parsed.port || defaultPort;
  return [...new Set([url, `${base}${rest}`, `${base}:${port}${rest}`])];
}

/** Whether `signature` is Twilio's for this URL (with or without its port) and parameters; constant-time. */
export function isValidTwilioSignature(
  authToken: string,
  signature: string,
  url: string,
  params: WebhookParams,
): boolean {
  const given = Buffer.from(signature);
  let valid = false;
  for (const candidate of urlVariants(url)) {
    const expected = Buffer.from(twilioSignatureOf(authToken, candidate, params));
    // Lengths are fixed by the algorithm (not secret); every candidate is compared, so timing says nothing.
    if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true;
  }
  return valid;
}
