import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SENDING_NUMBERS } from '../src/db/demo/messaging';
import { messageMedia, messages } from '../src/db/schema/messaging';
import { signedMediaPath } from '../src/modules/messaging/media-links';
import { twilioSignatureOf } from '../src/providers/sms/twilio-signature';
import { createMessageMediaFixture } from './factories';
import { startS3Fake, type S3Fake } from './fakes/s3-fake';
import { startTwilioFake, type TwilioFake } from './fakes/twilio-fake';
import { buildTestApp, testConfig, type TestApp } from './helpers';
import { bearer, seedDemo, signIn, type DemoIds } from './identity';

// Chat attachments kept in an S3-compatible bucket (MEDIA_STORE=s3), against a local fake of the S3 API.

const AUTH_TOKEN = 'test-twilio-auth-token';
const PUBLIC_URL = 'https://paydesk.example.com';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const UNAVAILABLE = {
  code: 'service_unavailable',
  detail: 'The attachment store could not be reached. Please try again shortly.',
};

let s3: S3Fake;
let twilio: TwilioFake;
let t: TestApp;
let ids: DemoIds;
let staff: Record<string, string>;
let legacy: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Fake();
  twilio = await startTwilioFake();
  t = await buildTestApp({
    config: testConfig({
      MEDIA_STORE: 's3',
      S3_ENDPOINT: s3.url,
      S3_REGION: 'us-east-1',
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: 'fake-secret-access-key',
      S3_FORCE_PATH_STYLE: 'true',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'ACtest',
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_API_URL: twilio.url,
      PUBLIC_URL,
    }),
  });
  ids = await seedDemo(t.database.db);
  staff = bearer((await signIn(t.app, 'staff@demo.test')).access);
  legacy = bearer((await signIn(t.app, 'legacy@demo.test')).access);
});
afterAll(async () => {
  await t.close();
  await twilio.close();
  await s3.close();
});
beforeEach(() => s3.fail(null));

function upload(content: Buffer, merchant = ids.demoMotors, headers = staff) {
  const boundary = `----paydesk${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: image/png\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: `/api/merchants/${merchant}/upload_media/`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

const read = (path: string, headers = staff) => t.app.inject({ method: 'GET', url: path, headers });
const mediaIdOf = (path: string) => path.split('/').at(-2) ?? '';

/** An MMS from `from` to Demo Motors' number, with one attachment the Twilio fake serves, as Twilio posts it. */
function inboundMms(from: string) {
  const sid = `MM${randomUUID().replaceAll('-', '')}`;
  const params = {
    MessageSid: sid,
    From: from,
    To: DEMO_SENDING_NUMBERS.demoMotors,
    Body: 'the receipt',
    NumMedia: '1',
    MediaUrl0: `${twilio.url}/2010-04-01/Accounts/ACtest/Messages/${sid}/Media/ME${randomUUID().replaceAll('-', '')}`,
    MediaContentType0: 'image/png',
  };
  const path = '/webhooks/twilio/messages/';
  return t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignatureOf(AUTH_TOKEN, `${PUBLIC_URL}/api${path}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

describe('attachments in an S3-compatible store', () => {
  it('puts an upload in the bucket under the merchant, signed with the access key, and reads it back', async () => {
    const uploaded = await upload(PNG);
    expect(uploaded.statusCode).toBe(201);
    const path = uploaded.json().media_path as string;
    const key = `message-media/${ids.demoMotors}/${mediaIdOf(path)}`;
    expect(s3.objects.get(key)).toEqual({ content: PNG, type: 'image/png' });

    const served = await read(path);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(s3.requests.filter((request) => request.key === key).map((request) => request.method)).toEqual([
      'PUT',
      'GET',
    ]);
    expect(s3.requests.every((request) => request.accessKeyId === s3.accessKeyId)).toBe(true);

    // The expiring signed link (the browser's and the SMS provider's) reads the same object.
    const link = signedMediaPath(t.app.config, ids.demoMotors, mediaIdOf(path), Math.floor(Date.now() / 1000) + 60);
    const viaLink = await t.app.inject({ method: 'GET', url: link });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.rawPayload.equals(PNG)).toBe(true);
  });

  it("answers 404 for a key the bucket lacks and for another merchant's attachment", async () => {
    const before = s3.requests.length;
    expect((await read(`/api/merchants/${ids.demoMotors}/message_media/${randomUUID()}/`)).statusCode).toBe(404);
    expect(s3.requests.slice(before).map((request) => request.method)).toEqual(['GET']);

    const path = (await upload(PNG)).json().media_path as string;
    expect((await read(path, legacy)).statusCode).toBe(404);
    const viaOther = await read(`/api/merchants/${ids.legacyMotors}/message_media/${mediaIdOf(path)}/`, legacy);
    expect(viaOther.statusCode).toBe(404);
  });

  it('keeps an MMS received in the bucket, its row holding the key, and serves it', async () => {
    const from = '+13125554411';
    expect((await inboundMms(from)).statusCode).toBe(204);
    expect((await t.app.jobs.drain()).failed).toEqual([]);
    const [message] = await t.database.db.select().from(messages).where(eq(messages.from_number, from));
    const [media] = await t.database.db.select().from(messageMedia).where(eq(messageMedia.message_id, message!.id));
    expect(media).toMatchObject({
      merchant_id: ids.demoMotors,
      content_type: 'image/png',
      content: null,
      storage_key: `message-media/${ids.demoMotors}/${media!.id}`,
    });
    expect(s3.objects.get(media!.storage_key!)).toEqual({ content: Buffer.from('fake image'), type: 'image/png' });
    expect(message?.attachments).toEqual([
      { url: `/api/merchants/${ids.demoMotors}/message_media/${media!.id}/`, type: 'image/png' },
    ]);
    const served = await read(message!.attachments[0]!.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.toString()).toBe('fake image');
  });

  it('still serves an MMS whose content was kept in the database before the store', async () => {
    const mediaId = await createMessageMediaFixture(t.database.db, ids.demoMotors);
    const before = s3.requests.length;
    const served = await read(`/api/merchants/${ids.demoMotors}/message_media/${mediaId}/`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.toString('hex')).toBe('89504e470d0a1a0a');
    expect(s3.requests.length).toBe(before);
  });

  it('answers 503 and keeps nothing when the bucket fails; an MMS waits for the job to try again', async () => {
    const kept = s3.objects.size;
    s3.fail(500);
    const uploaded = await upload(PNG);
    expect(uploaded.statusCode).toBe(503);
    expect(uploaded.json()).toEqual(UNAVAILABLE);
    expect(s3.objects.size).toBe(kept);

    const from = '+13125554412';
    expect((await inboundMms(from)).statusCode).toBe(204);
    const { failed } = await t.app.jobs.drain();
    expect(failed.map((job) => String(job.error))).toEqual([
      'Error: an MMS attachment could not be kept in the s3 media store',
    ]);
    expect(await t.database.db.select().from(messages).where(eq(messages.from_number, from))).toEqual([]);
    expect(s3.objects.size).toBe(kept);

    s3.fail(null);
    const path = (await upload(PNG)).json().media_path as string;
    s3.fail(500);
    const unreadable = await read(path);
    expect(unreadable.statusCode).toBe(503);
    expect(unreadable.json()).toEqual(UNAVAILABLE);
  });
});
