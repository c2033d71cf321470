import type TwilioPackage from 'twilio';
import type { Twilio } from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { isRetryableErrorCode } from '@paydesk/domain/messaging/delivery-errors';
import { readLimited, type SmsCredentials, type SmsProvider } from './sms-provider';

const TWILIO_API = 'https://api.twilio.com';

type TwilioModule = typeof TwilioPackage;

/**
 * Texts through Twilio's REST API with the official `twilio` package. Credentials are the merchant's own or the
 * global account's. `apiUrl` replaces https://api.twilio.com (tests point it at a local fake). Each send carries
 * the message's idempotency key as Twilio's `I-Twilio-Idempotency-Token`.
 */
export function createTwilioSmsProvider(options: { global: SmsCredentials | null; apiUrl?: string }): SmsProvider {
  // The package is large: loaded with the first text, not by every process at start.
  let loaded: Promise<TwilioModule> | undefined;
  const load = () => (loaded ??= import('twilio').then((module) => (module.default ?? module) as TwilioModule));
  const base = options.apiUrl?.replace(/\/+$/, '');

  async function clientFor(credentials: SmsCredentials, idempotencyKey: string): Promise<Twilio> {
    const twilio = await load();
    const Base = twilio.RequestClient;
    class KeyedClient extends Base {
      override request<T>(opts: RequestClient.RequestOptions<T>) {
        const uri = base ? opts.uri.replace(TWILIO_API, base) : opts.uri;
        return super.request({
          ...opts,
          uri,
          headers: { ...opts.headers, 'I-Twilio-Idempotency-Token': idempotencyKey },
        });
      }
    }
    return twilio(credentials.accountSid, credentials.authToken, { httpClient: new KeyedClient({ timeout: 15_000 }) });
  }

  const credentialsOf = (given: SmsCredentials | null): SmsCredentials => {
    const credentials = given ?? options.global;
    if (!credentials) throw new Error('no Twilio account for this merchant and no global one configured');
    return credentials;
  };

  return {
    name: 'twilio',
    async send(text, { idempotencyKey, credentials }) {
      const client = await clientFor(credentialsOf(credentials), idempotencyKey);
      try {
        const created = await client.messages.create({
          to: text.to,
          from: text.from,
          body: text.body,
          ...(text.mediaUrls.length > 0 ? { mediaUrl: [...text.mediaUrls] } : {}),
          ...(text.statusCallback ? { statusCallback: text.statusCallback } : {}),
        });
        return { status: 'sent', providerMessageId: created.sid };
      } catch (error) {
        return classifyTwilioError(error);
      }
    },
    async fetchMedia(url, credentials) {
      const account = credentialsOf(credentials);
      const allowed = [TWILIO_API, ...(base ? [base] : [])];
      if (!allowed.some((prefix) => url.startsWith(`${prefix}/`))) throw new Error('attachment URL is not Twilio’s');
      const response = await fetch(url, {
        headers: {
          authorization: `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`,
        },
        redirect: 'follow',
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`attachment fetch answered ${response.status}`);
      return {
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        content: await readLimited(response),
      };
    },
  };
}

/** Sorts a Twilio error into retry (5xx, 429, network, 30003/30008) or failed (anything else the API refused). */
export function classifyTwilioError(error: unknown) {
  const { status, code, message } = error as { status?: number; code?: number | string; message?: string };
  const codeText = code === undefined || code === null ? null : String(code);
  const text = message ?? String(error);
  if (status === undefined || status >= 500 || status === 429 || isRetryableErrorCode(codeText)) {
    return { status: 'retry' as const, code: codeText, message: text };
  }
  return { status: 'failed' as const, code: codeText, message: text };
}
