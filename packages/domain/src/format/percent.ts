const PERCENT = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Basis points as a percent after division by 100 (SPEC §9), always two decimals: 275 → `2.75%`, 250 → `2.50%`. */
export function formatBasisPoints(basisPoints: number): string {
  return PERCENT.format(basisPoints / 10_000);
}
