// The merchant's activity log (audit_events): every change to a merchant's setup, read on the Activity page. A thin
// writer over the audit core (audit.trail.ts), like the customer history (customers/customer-events.ts).

import type { AuditAction, AuditKind } from '@paydesk/domain/audit/audit';
import { getTableName } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/audit';
import { actorNameOf, type Actor } from './audit.actor';
import { recordInTrail, type AuditContext, type AuditTrail } from './audit.trail';
import type { AuditValues } from './audit.values';

export type Change = {
  merchantId: string;
  actor: Actor;
  kind: AuditKind;
  action: AuditAction;
  subjectId?: string | null;
  /** How the thing is called where people read the log: a location's name, a user's email. */
  subjectLabel: string;
  before?: AuditValues | null;
  after?: AuditValues | null;
};

const activityLog: AuditTrail<Change> = {
  table: getTableName(auditEvents),
  columns: {
    merchant_id: 'uuid',
    actor_id: 'uuid',
    actor_name: 'text',
    kind: 'text',
    action: 'text',
    subject_id: 'uuid',
    subject_label: 'text',
    before: 'jsonb',
    after: 'jsonb',
    created: 'timestamptz',
  } satisfies Record<keyof Omit<typeof auditEvents.$inferInsert, 'id'>, string>,
  // An organization's id is bookkeeping too; a created or deleted thing with no fields is still an entry.
  rules: (change) => ({
    bookkeeping: (field) => field === 'organization_id',
    skipUnchanged: change.action === 'updated',
  }),
  columnsOf: async (ctx, change) => ({
    merchant_id: change.merchantId,
    // Copied, so the entry still reads right after the person is renamed or removed.
    actor_name: await actorNameOf(ctx.db, change.actor),
    kind: change.kind,
    action: change.action,
    subject_id: change.subjectId ?? null,
    subject_label: change.subjectLabel,
  }),
};

/**
 * Records a change to a merchant's setup in its activity log, in the transaction of the change. For an update only
 * the fields whose values differ are kept, secrets masked; an update that changed nothing records nothing.
 */
export async function recordChange(ctx: AuditContext, change: Change): Promise<void> {
  await recordInTrail(ctx, activityLog, [change]);
}
