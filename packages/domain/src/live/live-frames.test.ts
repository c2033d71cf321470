import { describe, expect, it } from 'vitest';
import { parseLiveFrame } from './live-frames';

describe('live frames', () => {
  it('reads a known frame and ignores unknown, garbled or malformed ones', () => {
    expect(parseLiveFrame('{"type":"session.revoked"}')).toEqual({ type: 'session.revoked' });
    expect(parseLiveFrame('{"type":"customer.updated","id":"x"}')).toBeNull();
    const chat = {
      type: 'chat.message',
      merchant_id: '8c0e6a38-5d3e-4a55-9c57-1b4f3f7f6a01',
      customer_id: null,
      message_id: '8c0e6a38-5d3e-4a55-9c57-1b4f3f7f6a02',
      direction: 'inbound',
      status: 'received',
    };
    expect(parseLiveFrame(JSON.stringify(chat))).toEqual(chat);
    expect(parseLiveFrame(JSON.stringify({ ...chat, message_id: 'x' }))).toBeNull();
    expect(parseLiveFrame('not json')).toBeNull();
    expect(parseLiveFrame('null')).toBeNull();
    expect(parseLiveFrame('{"kind":"session.revoked"}')).toBeNull();
  });
});
