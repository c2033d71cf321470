import { MASKED_SECRET, SECRET_FIELD_PATTERN, type AuditAction, type AuditKind } from '@paydesk/domain/audit/audit';
import { auditEvents } from '../../db/schema/audit';
import type { ServiceContext } from '../../lib/service-context';

/** Who made a change: a signed-in person, or the system (a job, the demo seed). */
export type AuditActor = { id: string; first_name: string; last_name: string; email: string } | null;

export type Change = {
  merchantId: string;
  actor: AuditActor;
  kind: AuditKind;
  action: AuditAction;
  subjectId?: string | null;
  /** How the thing is called where people read the log: a location's name, a user's email. */
  subjectLabel: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Fields that describe the row rather than the merchant's setting. */
const BOOKKEEPING_FIELDS = new Set(['id', 'merchant_id', 'created', 'updated', 'organization_id']);

/**
 * Records a change to a merchant's setup. Call it with the context of the transaction that makes the change, so the
 * entry commits or rolls back with it. For an update only the fields whose values differ are kept; secrets
 * (`SECRET_FIELD_PATTERN`) are masked; an update that changed nothing records nothing.
 */
export async function recordChange(ctx: ServiceContext, change: Change): Promise<void> {
  // Compared before masking: a re-entered secret is a change, an untouched one (same stored value) is not.
  let before = change.before ? describable(change.before) : null;
  let after = change.after ? describable(change.after) : null;
  if (before && after) {
    [before, after] = changedFields(before, after);
    if (Object.keys(before).length === 0 && Object.keys(after).length === 0 && change.action === 'updated') return;
  }
  await ctx.db.insert(auditEvents).values({
    merchant_id: change.merchantId,
    actor_id: change.actor?.id ?? null,
    actor_name: actorName(change.actor),
    kind: change.kind,
    action: change.action,
    subject_id: change.subjectId ?? null,
    subject_label: change.subjectLabel,
    before: before && masked(before),
    after: after && masked(after),
    created: ctx.clock(),
  });
}

export function actorName(actor: AuditActor): string {
  if (!actor) return 'System';
  const name = `${actor.first_name} ${actor.last_name}`.trim();
  return name || actor.email;
}

function describable(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (BOOKKEEPING_FIELDS.has(key) || value === undefined) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

function masked(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      SECRET_FIELD_PATTERN.test(key) && value !== null ? MASKED_SECRET : value,
    ]),
  );
}

function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): [Record<string, unknown>, Record<string, unknown>] {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (key in before) was[key] = a;
    if (key in after) now[key] = b;
  }
  return [was, now];
}
