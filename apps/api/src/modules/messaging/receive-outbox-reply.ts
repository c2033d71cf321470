import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { sendingNumbers } from '../../db/schema/messaging';
import { FieldErrors } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { recordProviderEvent } from './receive-webhook';

const TO_NEEDED = 'Required: the number is not one of a merchant with a single sending number.';

/**
 * A customer's reply posted from the Outbox screen (super users, while the outbox sends texts): made into the event
 * a provider would post and recorded through the same inbound path. Without `to`, the reply goes to the only
 * sending number of the merchant whose customer has `from`.
 */
export async function receiveOutboxReply(
  ctx: ServiceContext,
  input: { from: string; to?: string; body: string },
): Promise<string> {
  let to = input.to;
  if (!to) {
    const numbers = await ctx.db
      .selectDistinct({ phone: sendingNumbers.phone_number, merchantId: sendingNumbers.merchant_id })
      .from(sendingNumbers)
      .innerJoin(customers, eq(customers.merchant_id, sendingNumbers.merchant_id))
      .where(and(eq(customers.sms_phone_number, input.from), isNull(customers.removed_at)));
    const merchantIds = new Set(numbers.map((row) => row.merchantId));
    if (numbers.length !== 1 || merchantIds.size !== 1) throw FieldErrors.of('to', TO_NEEDED);
    to = numbers[0]?.phone;
  }
  const sid = `SMoutbox${randomUUID().replaceAll('-', '')}`;
  await recordProviderEvent(ctx, 'outbox', 'inbound', sid, {
    MessageSid: sid,
    From: input.from,
    To: to ?? '',
    Body: input.body,
    NumMedia: '0',
  });
  return sid;
}
