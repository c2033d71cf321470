import { NumberInput, type NumberInputProps } from '@mantine/core';
import { dollarsFromCents } from '@paydesk/domain/format/money';
import { amountField, optionalField, type AmountBounds } from '@paydesk/domain/validation/rules';

/** What a money input holds: dollars as Mantine's NumberInput reports them (a number, or text while incomplete). */
export type MoneyValue = number | string;

export type MoneyInputProps = Omit<
  NumberInputProps,
  'prefix' | 'decimalScale' | 'fixedDecimalScale' | 'thousandSeparator' | 'allowNegative' | 'hideControls'
>;

/**
 * A USD amount typed in dollars: `$1,234.50`, always two decimals. A minus sign is kept so the domain's amount rule
 * can refuse it with "Must be a valid number" instead of the input dropping it silently; check the value with
 * readMoneyValue, which also turns it into integer cents.
 */
export function MoneyInput(props: MoneyInputProps) {
  return (
    <NumberInput
      prefix="$"
      thousandSeparator=","
      decimalScale={2}
      fixedDecimalScale
      allowNegative
      hideControls
      inputMode="decimal"
      {...props}
    />
  );
}

export type MoneyReading = { cents: number | null; error: null } | { cents: undefined; error: string };

/**
 * The domain's amount rule (SPEC §5) on a money input's value: empty is no amount (null cents), otherwise a
 * non-negative amount with at most two decimals within the dollar bounds, as integer cents.
 */
export function readMoneyValue(value: MoneyValue | null | undefined, bounds: AmountBounds = {}): MoneyReading {
  const result = optionalField(amountField(bounds)).safeParse(value);
  if (result.success) return { cents: result.data ?? null, error: null };
  return { cents: undefined, error: result.error.issues[0]?.message ?? '' };
}

/** Integer cents to the dollars a money input shows; empty for no amount. */
export function toMoneyValue(cents: number | null | undefined): MoneyValue {
  return cents === null || cents === undefined ? '' : dollarsFromCents(cents);
}
