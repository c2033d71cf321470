// A local HTTP fake of the Twilio endpoints the SMS adapter uses (no network in tests): Messages create, and media
// downloads. It replays a repeated I-Twilio-Idempotency-Token with the first message, and can answer the next
// create with an HTTP error and a Twilio error code.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TwilioFakeMessage = {
  sid: string;
  to: string;
  from: string;
  body: string;
  mediaUrls: string[];
  key: string | undefined;
};

export type TwilioFake = {
  url: string;
  messages: TwilioFakeMessage[];
  /** The account SID of each create, in order (the merchant's own or the global one). */
  accounts: string[];
  /** The next create answers this HTTP status with this Twilio code. */
  failNext(status: number, code: number, message?: string): void;
  close(): Promise<void>;
};

export async function startTwilioFake(): Promise<TwilioFake> {
  const messages: TwilioFakeMessage[] = [];
  const accounts: string[] = [];
  const byKey = new Map<string, TwilioFakeMessage>();
  const failures: Array<{ status: number; code: number; message: string }> = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const send = (status: number, body: unknown, type = 'application/json') => {
        response.writeHead(status, { 'content-type': type });
        response.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
      };
      if (request.method === 'GET' && request.url?.includes('/Media/')) {
        return send(200, Buffer.from('fake image'), 'image/png');
      }
      if (request.method !== 'POST' || !/\/2010-04-01\/Accounts\/\w+\/Messages\.json$/.test(request.url ?? '')) {
        return send(404, { code: 20404, message: 'not found', status: 404 });
      }
      const failure = failures.shift();
      if (failure) return send(failure.status, { ...failure, status: failure.status });
      const form = new URLSearchParams(text);
      accounts.push(/\/Accounts\/(\w+)\//.exec(request.url ?? '')?.[1] ?? '');
      const key = request.headers['i-twilio-idempotency-token'] as string | undefined;
      const existing = key ? byKey.get(key) : undefined;
      const message = existing ?? {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        mediaUrls: form.getAll('MediaUrl'),
        key,
      };
      if (!existing) {
        messages.push(message);
        if (key) byKey.set(key, message);
      }
      send(201, { sid: message.sid, status: 'queued', to: message.to, from: message.from, body: message.body });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    accounts,
    failNext: (status, code, message = `Twilio error ${code}`) => void failures.push({ status, code, message }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
