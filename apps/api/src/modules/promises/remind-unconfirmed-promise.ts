// The reminder of a promise still unconfirmed a day before its time (UNCONFIRMED_PROMISE), from its keyed job.

import { and, eq, gt } from 'drizzle-orm';
import { paymentPromises } from '../../db/schema/promises';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { queuePromiseText } from './promise-texts';

export async function remindUnconfirmedPromise(ctx: ServiceContext, promiseId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(paymentPromises)
      .where(
        and(
          eq(paymentPromises.id, promiseId),
          eq(paymentPromises.status, 'PROMISED'),
          eq(paymentPromises.outcome, 'open'),
          gt(paymentPromises.scheduled_date, tx.clock()),
        ),
      );
    if (row) await queuePromiseText(tx, row, 'UNCONFIRMED_PROMISE');
  });
}
