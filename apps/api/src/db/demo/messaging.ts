import { sendingNumbers } from '../schema/messaging';
import type { DemoSeeder } from './seeders';

/**
 * One sending number per demo merchant (issue 21 item 12), in the table the messaging module sends from and finds
 * an inbound text's merchant by: texts to customers go out from it, and a reply posted on the Outbox screen to it
 * reaches that merchant's inbox. 860-555-01xx, apart from the customers' numbers.
 */
export const DEMO_SENDING_NUMBERS = {
  demoMotors: '+18605550101',
  customRolesAuto: '+18605550102',
  integratedAuto: '+18605550103',
  legacyMotors: '+18605550104',
} as const;

export const seedSendingNumbers: DemoSeeder = async (tx, demo) => {
  await tx.insert(sendingNumbers).values(
    (Object.keys(DEMO_SENDING_NUMBERS) as (keyof typeof DEMO_SENDING_NUMBERS)[]).map((key) => ({
      merchant_id: demo.merchants[key].id,
      phone_number: DEMO_SENDING_NUMBERS[key],
    })),
  );
};
