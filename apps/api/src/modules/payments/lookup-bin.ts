import { CARD_BRAND_LABELS } from '@paydesk/domain/payments/card-entry';
import type { PaymentType } from '@paydesk/domain/payments/payments';
import type { z } from 'zod';
import type { binSchema } from '@paydesk/domain/payments/payments.contract';
import { FieldErrors, notFound } from '../../lib/http-errors';
import type { ProviderContext } from '../../lib/service-context';

export const BIN_INVALID = 'A BIN is the first 6 to 8 digits of a card number.';

/**
 * A card BIN's brand and funding as the processor knows them (the card form shows the brand and whether a
 * convenience fee applies before the number is complete). 400 for anything but 6 to 8 digits, 404 when unknown.
 */
export async function lookupCardBin(ctx: ProviderContext, bin: string): Promise<z.infer<typeof binSchema>> {
  if (!/^\d{6,8}$/.test(bin)) throw FieldErrors.of('bin', BIN_INVALID);
  const known = await ctx.providers.gateway.lookupBin(bin);
  if (!known) throw notFound();
  // SPEC §3: prepaid cards count as DEBIT.
  const payment_type: PaymentType = known.funding === 'debit' || known.funding === 'prepaid' ? 'DEBIT' : 'CREDIT';
  return {
    bin,
    card_brand: known.brand,
    card_type: CARD_BRAND_LABELS[known.brand],
    funding: known.funding,
    payment_type,
  };
}
