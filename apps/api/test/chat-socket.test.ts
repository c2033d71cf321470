import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { customers } from '../src/db/schema/customers';
import { createCustomerFixture } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { addGrant, addUser, bearer, seedDemo, signIn, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let base = '';
let phoneSeq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = address.replace(/^http/, 'ws');
});
afterAll(() => t.close());

type Frame = { type: string; message?: Record<string, unknown>; [field: string]: unknown };

/** Connects over a real socket, collecting every frame and the close code. */
async function connect(path: string) {
  const frames: Frame[] = [];
  const socket = new WebSocket(`${base}${path}`);
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, frames, closed };
}

async function requestTicket(access: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/ws-ticket/', headers: bearer(access) });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { ticket: string }).ticket;
}

const chatPath = (customerId: string, token: string) => `/ws/chat/${customerId}/?token=${encodeURIComponent(token)}`;

/** Opens the customer's conversation socket as the signed-in user. */
async function openChat(access: string, customerId: string) {
  return connect(chatPath(customerId, await requestTicket(access)));
}

/** A customer of Demo Motors with a phone, opted in to texts. */
async function textableCustomer() {
  const fixture = await createCustomerFixture(t.database.db, ids.demoMotors);
  phoneSeq += 1;
  const phone = `+1312556${String(1000 + phoneSeq).padStart(4, '0')}`;
  await t.database.db
    .update(customers)
    .set({ sms_phone_number: phone, text_opt_in: true })
    .where(eq(customers.id, fixture.customerId));
  return { ...fixture, phone };
}

/** A fresh staff user of Demo Motors, signed in. */
async function newStaff() {
  const email = `chat.${randomBytes(6).toString('hex')}@demo.test`;
  const id = await addUser(t.database.db, { email, merchantId: ids.demoMotors, role: 'staff' });
  return { id, ...(await signIn(t.app, email)) };
}

async function sendText(access: string, customer: { accountId: string; customerId: string }, message: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/merchants/${ids.demoMotors}/accounts/${customer.accountId}/send_message/`,
    headers: { ...bearer(access), 'idempotency-key': randomUUID() },
    payload: { customer: customer.customerId, message },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as Record<string, { id: string }>)[customer.customerId] as { id: string };
}

/** A customer's reply, through the Outbox screen's inbound path (the provider's), processed by its job. */
async function reply(from: string, body: string) {
  const superUser = await signIn(t.app, 'super@demo.test');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/dev/outbox/inbound/',
    headers: bearer(superUser.access),
    payload: { from, body },
  });
  expect(response.statusCode, response.body).toBe(201);
  await drain();
}

async function drain() {
  expect((await t.app.jobs.drain()).failed).toEqual([]);
}

async function conversationOf(access: string, customerId: string) {
  const response = await t.app.inject({
    url: `/api/merchants/${ids.demoMotors}/customers/${customerId}/messages/`,
    headers: bearer(access),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: Array<Record<string, unknown>> }).results;
}

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 5000 });

describe('GET /ws/chat/{customerId}/', () => {
  it('sends each new message and status change of the customer, as the conversation lists it', async () => {
    const staff = await signIn(t.app, 'staff@demo.test');
    const customer = await textableCustomer();
    const other = await textableCustomer();
    const chat = await openChat(staff.access, customer.customerId);
    const elsewhere = await openChat(staff.access, other.customerId);

    const sent = await sendText(staff.access, customer, 'Your payment is due Friday');
    await waitFor(() => expect(chat.frames.map((frame) => frame.message?.status)).toEqual(['queued']));
    expect(chat.frames[0]).toEqual({
      type: 'chat.message',
      message: (await conversationOf(staff.access, customer.customerId))[0],
    });
    expect(chat.frames[0]?.message).toMatchObject({ id: sent.id, body: 'Your payment is due Friday' });

    // The job sends it through the outbox, which delivers at once: each status change is a frame.
    await drain();
    await waitFor(() => expect(chat.frames.at(-1)?.message?.status).toBe('delivered'));
    expect(chat.frames.every((frame) => frame.type === 'chat.message' && frame.message?.id === sent.id)).toBe(true);

    await reply(customer.phone, 'I will pay on Friday');
    await waitFor(() => expect(chat.frames.at(-1)?.message?.body).toBe('I will pay on Friday'));
    const [latest] = await conversationOf(staff.access, customer.customerId);
    expect(chat.frames.at(-1)).toEqual({ type: 'chat.message', message: latest });
    expect(latest).toMatchObject({ direction: 'inbound', status: 'received', sender: expect.any(String) });

    // Another customer's socket heard none of it.
    expect(elsewhere.frames).toEqual([]);
    chat.socket.terminate();
    elsewhere.socket.terminate();
  });

  it('sends every socket open on the conversation the same frames, from one user or several', async () => {
    const [one, two] = [await newStaff(), await newStaff()];
    const customer = await textableCustomer();
    const sockets = [
      await openChat(one.access, customer.customerId),
      await openChat(one.access, customer.customerId),
      await openChat(two.access, customer.customerId),
    ];
    await reply(customer.phone, 'Hello?');
    for (const { frames } of sockets) {
      await waitFor(() => expect(frames.map((frame) => frame.message?.body)).toEqual(['Hello?']));
    }
    for (const { socket } of sockets) socket.terminate();
  });

  it('closes with 4004 and sends nothing for a customer of another merchant, an unknown one or a malformed id', async () => {
    const customer = await textableCustomer();
    const legacy = await signIn(t.app, 'legacy@demo.test');
    const staff = await signIn(t.app, 'staff@demo.test');
    const refused = [
      await openChat(legacy.access, customer.customerId),
      await openChat(staff.access, randomUUID()),
      await openChat(staff.access, 'not-a-uuid'),
    ];
    await reply(customer.phone, 'Anyone there?');
    for (const { closed, frames } of refused) {
      expect(await closed).toBe(4004);
      expect(frames).toEqual([]);
    }
  });

  it("closes with 4004 once the user's role at the customer's merchant is removed, leaving their other sockets", async () => {
    const customer = await textableCustomer();
    const staff = await newStaff();
    // Still a user of another merchant, so the account stays active.
    await addGrant(t.database.db, staff.id, ids.integratedAuto, 'staff');
    const chat = await openChat(staff.access, customer.customerId);
    const events = await connect(`/ws/events/?ticket=${encodeURIComponent(await requestTicket(staff.access))}`);
    const admin = await signIn(t.app, 'admin@demo.test');
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/users/${staff.id}/disable/`,
      headers: bearer(admin.access),
      payload: {},
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await chat.closed).toBe(4004);
    await reply(customer.phone, 'After the role went');
    expect(chat.frames).toEqual([]);
    expect(events.socket.readyState).toBe(WebSocket.OPEN);
    events.socket.terminate();
  });

  it("lets a super user open any merchant's customer", async () => {
    const customer = await textableCustomer();
    const superUser = await signIn(t.app, 'super@demo.test');
    const chat = await openChat(superUser.access, customer.customerId);
    await reply(customer.phone, 'Hi from the customer');
    await waitFor(() => expect(chat.frames.map((frame) => frame.message?.body)).toEqual(['Hi from the customer']));
    chat.socket.terminate();
  });

  it('refuses no ticket, a reused ticket, an expired one and the access token', async () => {
    const staff = await newStaff();
    const customer = await textableCustomer();
    await expect(connect(`/ws/chat/${customer.customerId}/`)).rejects.toThrow(/401/);

    const ticket = await requestTicket(staff.access);
    const first = await connect(chatPath(customer.customerId, ticket));
    first.socket.terminate();
    await expect(connect(chatPath(customer.customerId, ticket))).rejects.toThrow(/401/);

    const expiring = await requestTicket(staff.access);
    await t.database.query(`update ws_tickets set expires_at = now() - interval '1 second' where user_id = $1`, [
      staff.id,
    ]);
    await expect(connect(chatPath(customer.customerId, expiring))).rejects.toThrow(/401/);

    await expect(connect(chatPath(customer.customerId, staff.access))).rejects.toThrow(/401/);
  });

  it("closes the sign-in's sockets with 4001 when it logs out, and the user's when they are disabled", async () => {
    const customer = await textableCustomer();
    const leaving = await newStaff();
    const disabled = await newStaff();
    const staying = await newStaff();
    const [leavingChat, disabledChat, stayingChat] = [
      await openChat(leaving.access, customer.customerId),
      await openChat(disabled.access, customer.customerId),
      await openChat(staying.access, customer.customerId),
    ];

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/token/blacklist/',
      payload: { refresh_token: leaving.refresh },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await leavingChat.closed).toBe(4001);

    const admin = await signIn(t.app, 'admin@demo.test');
    const disable = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${ids.demoMotors}/users/${disabled.id}/disable/`,
      headers: bearer(admin.access),
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect(await disabledChat.closed).toBe(4001);

    await reply(customer.phone, 'Still here');
    await waitFor(() => expect(stayingChat.frames.map((frame) => frame.message?.body)).toEqual(['Still here']));
    expect(leavingChat.frames).toEqual([]);
    expect(disabledChat.frames).toEqual([]);
    stayingChat.socket.terminate();
  });
});

describe('inbox.updated on /ws/events/', () => {
  const openEvents = async (access: string) =>
    connect(`/ws/events/?ticket=${encodeURIComponent(await requestTicket(access))}`);

  it("tells the merchant's users, and only them, of a new message and of a conversation marked read", async () => {
    const customer = await textableCustomer();
    const staff = await signIn(t.app, 'staff@demo.test');
    const legacy = await signIn(t.app, 'legacy@demo.test');
    const [ours, theirs] = [await openEvents(staff.access), await openEvents(legacy.access)];
    const inboxFrames = (frames: Frame[]) => frames.filter((frame) => frame.type === 'inbox.updated');

    await reply(customer.phone, 'First');
    await reply(customer.phone, 'Second');
    await waitFor(() => expect(inboxFrames(ours.frames)).toHaveLength(2));
    expect(inboxFrames(ours.frames)).toEqual([
      expect.objectContaining({ merchant_id: ids.demoMotors, customer_id: customer.customerId, unread_messages: 1 }),
      expect.objectContaining({ merchant_id: ids.demoMotors, customer_id: customer.customerId, unread_messages: 2 }),
    ]);
    expect(inboxFrames(ours.frames)[1]?.last_message_created).toEqual(expect.any(String));

    const markRead = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/merchants/${ids.demoMotors}/inbox/${customer.customerId}/read/`,
        headers: bearer(staff.access),
      });
    expect((await markRead()).statusCode).toBe(200);
    await waitFor(() => expect(inboxFrames(ours.frames)).toHaveLength(3));
    expect(inboxFrames(ours.frames)[2]).toMatchObject({ customer_id: customer.customerId, unread_messages: 0 });

    // Marking it read again changes nothing, so tells nobody; an outbound text is a new last message.
    expect((await markRead()).statusCode).toBe(200);
    await sendText(staff.access, customer, 'Thanks!');
    await waitFor(() => expect(inboxFrames(ours.frames)).toHaveLength(4));
    expect(inboxFrames(ours.frames)[3]).toMatchObject({ customer_id: customer.customerId, unread_messages: 0 });

    expect(inboxFrames(theirs.frames)).toEqual([]);
    ours.socket.terminate();
    theirs.socket.terminate();
  });
});
