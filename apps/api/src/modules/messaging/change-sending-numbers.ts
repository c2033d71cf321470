import {
  LOCATION_UNKNOWN,
  type sendingNumberInput,
  type SendingNumber,
} from '@paydesk/domain/messaging/messaging-settings.contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { sendingNumbers } from '../../db/schema/messaging';
import { FieldErrors, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import { findMerchantLocation } from '../locations/locations.public';

/**
 * A super user gives the merchant a number to send from (for one of its locations, or all). Numbers are unique
 * across merchants (an inbound text finds its merchant by the number): a number in use is a field error, mapped
 * from the unique index in lib/database-errors.ts.
 */
export async function addSendingNumber(
  ctx: ServiceContext,
  merchantId: string,
  input: z.output<typeof sendingNumberInput>,
  actor: Actor,
): Promise<SendingNumber> {
  return withTransaction(ctx, async (tx) => {
    const location = input.location_id ? await findMerchantLocation(tx.db, merchantId, input.location_id) : null;
    if (input.location_id && !location) throw FieldErrors.of('location_id', LOCATION_UNKNOWN);
    const [row] = await tx.db
      .insert(sendingNumbers)
      .values({
        merchant_id: merchantId,
        location_id: location?.id ?? null,
        phone_number: input.phone_number,
        created: tx.clock(),
      })
      .returning();
    if (!row) throw new Error('sending number insert returned nothing');
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'sending_number',
      action: 'created',
      subjectId: row.id,
      subjectLabel: row.phone_number,
      after: { phone_number: row.phone_number, location: location?.name ?? null },
    });
    return {
      id: row.id,
      phone_number: row.phone_number,
      location: location ? { id: location.id, name: location.name } : null,
    };
  });
}

/** Texts already sent keep their number; new ones go from another of the merchant's numbers. */
export async function removeSendingNumber(
  ctx: ServiceContext,
  merchantId: string,
  numberId: string,
  actor: Actor,
): Promise<void> {
  if (!isUuid(numberId)) throw notFound();
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .delete(sendingNumbers)
      .where(and(eq(sendingNumbers.id, numberId), eq(sendingNumbers.merchant_id, merchantId)))
      .returning();
    if (!row) throw notFound();
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'sending_number',
      action: 'deleted',
      subjectId: row.id,
      subjectLabel: row.phone_number,
      before: { phone_number: row.phone_number },
    });
  });
}
