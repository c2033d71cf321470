// Money is integer cents everywhere (ARCHITECTURE principle 5); these helpers are the edge to dollars and USD text.

import { CURRENCY } from '../constants';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY });
const USD_WHOLE = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** 123456 → `$1,234.56`; -500 → `-$5.00`. */
export function formatMoney(cents: number): string {
  return USD.format(cents / 100);
}

/** A dollar figure for messages: whole amounts without cents (`$1`, `$1,000`), others with two decimals (`$1.50`). */
export function formatDollars(dollars: number): string {
  return Number.isInteger(dollars) ? USD_WHOLE.format(dollars) : USD.format(dollars);
}

const DOLLARS_PATTERN = /^(-)?\$?(\d*)(?:\.(\d*))?$/;

/**
 * Parses a dollar amount (`'19.99'`, `'$1,234.5'`, `19.99`) into integer cents by decimal string arithmetic, so no
 * binary float drift. More than two decimals round half away from zero. Returns null when it is not an amount.
 */
export function parseCentsFromDollars(value: string | number): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
    // Exponent notation (1e-7, 1e+21) has no decimal digits to read; these magnitudes are not real amounts anyway.
    if (/e/i.test(text)) return Math.round(value * 100);
  } else {
    text = value.trim().replace(/,/g, '');
  }
  const match = DOLLARS_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1 : 0;
  const magnitude = cents + roundUp;
  return sign && magnitude !== 0 ? -magnitude : magnitude;
}

/** Like parseCentsFromDollars, but throws a RangeError on text that is not an amount. */
export function centsFromDollars(value: string | number): number {
  const cents = parseCentsFromDollars(value);
  if (cents === null) throw new RangeError(`Not a dollar amount: ${String(value)}`);
  return cents;
}

/** 1999 → 19.99 (a number, e.g. to prefill a number input). */
export function dollarsFromCents(cents: number): number {
  return cents / 100;
}
