import { completePaymentCode } from '@paydesk/domain/merchants/payment-codes';
import type { Db } from '../client';
import { paymentCodes } from '../schema/payment-codes';
import type { DemoSeeder } from './seeders';

/** The demo pool: 20 codes `84512300001…84512300020` plus their check digits. */
export const DEMO_PAYMENT_CODES = Array.from({ length: 20 }, (_, index) =>
  completePaymentCode(`845123000${String(index + 1).padStart(2, '0')}`),
);

/** A pool of 20 payment codes; Demo Motors holds the first. */
export const seedPaymentCodes: DemoSeeder = async (tx: Db, demo, { clock }) => {
  const [demoMotorsCode, ...free] = DEMO_PAYMENT_CODES;
  await tx
    .insert(paymentCodes)
    .values([
      { code: demoMotorsCode ?? '', merchant_id: demo.merchants.demoMotors.id, assigned_at: clock() },
      ...free.map((code) => ({ code })),
    ]);
};
