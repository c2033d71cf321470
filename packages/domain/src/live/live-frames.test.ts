import { describe, expect, it } from 'vitest';
import { parseLiveFrame } from './live-frames';

describe('live frames', () => {
  it('reads a known frame and ignores unknown, garbled or malformed ones', () => {
    expect(parseLiveFrame('{"type":"session.revoked"}')).toEqual({ type: 'session.revoked' });
    expect(parseLiveFrame('{"type":"customer.updated","id":"x"}')).toBeNull();
    expect(parseLiveFrame('not json')).toBeNull();
    expect(parseLiveFrame('null')).toBeNull();
    expect(parseLiveFrame('{"kind":"session.revoked"}')).toBeNull();
  });
});
