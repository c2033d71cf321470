/** A Twilio account: a merchant's own, or the global one from configuration. */
export type SmsCredentials = { accountSid: string; authToken: string };

export type OutgoingText = {
  from: string;
  to: string;
  body: string;
  mediaUrls: readonly string[];
  /** Where the provider posts delivery updates (PUBLIC_URL + the status webhook's path). */
  statusCallback?: string;
};

/**
 * What a send came to, classified so the caller never reads provider errors itself:
 * - `sent`: accepted; `delivered` when the provider knows it arrived (the outbox);
 * - `retry`: worth another try later (5xx, 429, a network error, 30003 / 30008);
 * - `failed`: no retry can fix it (a bad number, an opted-out recipient, a refused request).
 */
export type SendOutcome =
  | { status: 'sent'; providerMessageId: string; delivered?: boolean }
  | { status: 'retry'; code: string | null; message: string }
  | { status: 'failed'; code: string | null; message: string };

export type SendTextOptions = {
  /** Derived from the message's row: a resend after a lost answer is the same message for the provider. */
  idempotencyKey: string;
  credentials: SmsCredentials | null;
};

export type FetchedMedia = { contentType: string; content: Buffer };

export type SmsProvider = {
  name: 'outbox' | 'twilio';
  send(text: OutgoingText, options: SendTextOptions): Promise<SendOutcome>;
  /** Downloads an inbound attachment (MMS) so it can be kept. */
  fetchMedia(url: string, credentials: SmsCredentials | null): Promise<FetchedMedia>;
};

/** The largest attachment kept (SPEC §9: 1 MB). */
export const MEDIA_MAX_BYTES = 1024 * 1024;

export async function readLimited(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MEDIA_MAX_BYTES) throw new Error(`attachment of ${declared} bytes is over the limit`);
  const content = Buffer.from(await response.arrayBuffer());
  if (content.length > MEDIA_MAX_BYTES) throw new Error(`attachment of ${content.length} bytes is over the limit`);
  return content;
}
