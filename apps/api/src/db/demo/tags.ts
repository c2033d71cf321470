import { accountTags } from '../schema/tags';
import type { DemoSeeder } from './seeders';

/** Account tags: Demo Motors' usual three, and two at Custom Roles Auto. */
export const seedTags: DemoSeeder = async (tx, demo) => {
  const { demoMotors, customRolesAuto } = demo.merchants;
  await tx
    .insert(accountTags)
    .values([
      ...['Repo Risk', 'VIP', 'Bankruptcy'].map((name) => ({ merchant_id: demoMotors.id, name })),
      ...['Skip Trace', 'Payment Plan'].map((name) => ({ merchant_id: customRolesAuto.id, name })),
    ]);
};
