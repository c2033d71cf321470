import { describe, expect, it } from 'vitest';
import * as C from './constants';

describe('SPEC §9 constants', () => {
  it('holds the session timings', () => {
    expect(C.IDLE_SESSION_LIMIT_SECONDS).toBe(900);
    expect(C.INACTIVITY_WARNING_SECONDS).toBe(840);
    expect(C.INACTIVITY_COUNTDOWN_SECONDS).toBe(60);
    expect(C.SESSION_HEARTBEAT_MS).toBe(15000);
    expect(C.ACCESS_REFRESH_THRESHOLD_SECONDS).toBe(180);
  });

  it('holds the page sizes and limits', () => {
    expect([C.CHAT_PAGE_SIZE, C.INBOX_PAGE_SIZE, C.PICKER_PAGE_SIZE, C.TEMPLATE_LIST_PAGE_SIZE]).toEqual([
      25, 25, 1000, 50,
    ]);
    expect([C.LOCATION_PAGE_SIZE, C.FAILED_ACTIONS_PAGE_SIZE, C.RECENT_PAYMENT_LOOKUP]).toEqual([1000, 100, 50]);
    expect(C.TABLE_DEFAULT_ROWS).toBe(50);
    expect(C.TABLE_ROW_OPTIONS).toEqual([50, 75, 100]);
    expect(C.SEARCH_DEBOUNCE_MS).toBe(500);
    expect(C.ATTACHMENT_MAX_BYTES).toBe(1048576);
    expect([C.TEMPLATE_SMS_MAX, C.TEMPLATE_SMS_WARN_ABOVE]).toEqual([300, 290]);
    expect(C.CHAT_TIME_HEADER_GAP_MINUTES).toBe(5);
    expect(C.AUTOPAY_DUE_DAY_CAP).toBe(28);
    expect(C.MINIMUM_PAYMENT_CENTS).toBe(100);
    expect([C.CARD_NUMBER_MIN_LENGTH, C.CARD_NUMBER_MAX_LENGTH]).toEqual([15, 16]);
    expect(C.PROMISE_MIN_LEAD_MINUTES).toBe(30);
    expect(C.CURRENCY).toBe('USD');
    expect(C.PHONE_COUNTRIES).toEqual(['US', 'CA']);
    expect(C.PHONE_INPUT_MAX_LENGTH).toBe(14);
  });

  it('holds the toasts and the rest', () => {
    expect([C.MASS_MESSAGE_TOAST_MS, C.SAVED_TEMPLATE_TOAST_MS, C.TOAST_MS, C.ERROR_TOAST_MS]).toEqual([
      5000, 2000, 2000, 10000,
    ]);
    expect(C.TOAST_POSITION).toBe('bottom-center');
    expect(C.CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(C.DEFAULT_LANGUAGE).toBe('en-US');
  });

  it('lists the 50 states, DC and Puerto Rico once each', () => {
    const codes = C.US_STATES.map(([code]) => code);
    expect(codes).toHaveLength(52);
    expect(new Set(codes).size).toBe(52);
    expect(codes).toEqual(expect.arrayContaining(['DC', 'PR', 'CA', 'NY', 'WY']));
  });
});
