import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema/audit';
import { users } from '../src/db/schema/identity';
import { withTransaction } from '../src/lib/service-context';
import { recordChange } from '../src/modules/audit/audit.record';
import { buildTestApp, type TestApp } from './helpers';
import { seedDemo, type DemoIds } from './identity';

let t: TestApp;
let ids: DemoIds;
let admin: typeof users.$inferSelect;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await seedDemo(t.database.db);
  [admin] = (await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.test'))) as [
    typeof users.$inferSelect,
  ];
});
afterAll(() => t.close());

const entriesFor = (subjectId: string) =>
  t.database.db.select().from(auditEvents).where(eq(auditEvents.subject_id, subjectId));

describe('recordChange', () => {
  it('keeps only the fields an update changed, with secrets masked and the actor named', async () => {
    const subjectId = crypto.randomUUID();
    await recordChange(t.app.ctx, {
      merchantId: ids.demoMotors,
      actor: admin,
      kind: 'owner',
      action: 'updated',
      subjectId,
      subjectLabel: 'Olivia Owner',
      before: { id: subjectId, first_name: 'Olivia', percentage: 60, ssn_encrypted: 'v1.a', ssn_last4: '1111' },
      after: { id: subjectId, first_name: 'Olivia', percentage: 40, ssn_encrypted: 'v1.b', ssn_last4: '2222' },
    });
    const [entry] = await entriesFor(subjectId);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_name: 'Avery Admin',
      kind: 'owner',
      action: 'updated',
      subject_label: 'Olivia Owner',
      before: { percentage: 60, ssn_encrypted: '••••', ssn_last4: '1111' },
      after: { percentage: 40, ssn_encrypted: '••••', ssn_last4: '2222' },
    });
  });

  it('records nothing for an update that changed nothing', async () => {
    const subjectId = crypto.randomUUID();
    const same = { name: 'VIP', password: 'x' };
    await recordChange(t.app.ctx, {
      merchantId: ids.demoMotors,
      actor: null,
      kind: 'tag',
      action: 'updated',
      subjectId,
      subjectLabel: 'VIP',
      before: same,
      after: { ...same },
    });
    expect(await entriesFor(subjectId)).toEqual([]);
  });

  it('rolls back with the change it describes', async () => {
    const subjectId = crypto.randomUUID();
    await expect(
      withTransaction(t.app.ctx, async (tx) => {
        await recordChange(tx, {
          merchantId: ids.demoMotors,
          actor: null,
          kind: 'location',
          action: 'created',
          subjectId,
          subjectLabel: 'Main St',
          after: { name: 'Main St' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await entriesFor(subjectId)).toEqual([]);
  });
});
