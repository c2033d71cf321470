import { insertJsonRecords } from '../../db/json-insert';
import type { ServiceContext } from '../../lib/service-context';
import { actorIdOf, type Actor } from './audit.actor';
import { auditedValues, type AuditValues, type AuditValuesRules } from './audit.values';

/** A change as a trail's writer hands it to the core: who made it, and the changed thing before and after. */
export type AuditedChange = { actor: Actor; before?: AuditValues | null; after?: AuditValues | null };

/**
 * A table that keeps a trail of changes (the merchant's activity log, a customer's history). The core writes
 * `actor_id`, `before`, `after` and `created` of each entry; the trail adds its own columns (subject, kind, …).
 */
export type AuditTrail<Change extends AuditedChange> = {
  table: string;
  /** Every column written, with its SQL type (`insertJsonRecords`): the core's four and the trail's own. */
  columns: Readonly<Record<'actor_id' | 'before' | 'after' | 'created', string>> & Readonly<Record<string, string>>;
  /** What of a change's values the trail keeps (see `auditedValues`). */
  rules: (change: Change) => AuditValuesRules;
  /** The trail's own columns for one change. */
  columnsOf: (ctx: AuditContext, change: Change) => Record<string, unknown> | Promise<Record<string, unknown>>;
};

/** What recording needs: the context of the transaction that makes the change. */
export type AuditContext = Pick<ServiceContext, 'db' | 'clock'>;

/**
 * Appends the changes to a trail in one statement. Call it with the context of the transaction that makes the
 * changes, so the entries commit or roll back with them. A change that changed nothing (as the trail's rules say)
 * records nothing.
 */
export async function recordInTrail<Change extends AuditedChange>(
  ctx: AuditContext,
  trail: AuditTrail<Change>,
  changes: readonly Change[],
): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for (const change of changes) {
    const values = auditedValues(change.before, change.after, trail.rules(change));
    if (!values) continue;
    rows.push({
      ...(await trail.columnsOf(ctx, change)),
      actor_id: actorIdOf(change.actor),
      before: values.before,
      after: values.after,
      created: ctx.clock(),
    });
  }
  await insertJsonRecords(ctx.db, trail.table, trail.columns, rows);
}
