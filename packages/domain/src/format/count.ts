const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count of things with thousands separators (SPEC §9, en-US): 12345 → `12,345`. */
export function formatCount(value: number): string {
  return COUNT.format(value);
}
