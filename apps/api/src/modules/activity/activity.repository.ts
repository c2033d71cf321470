import type { AuditKind } from '@paydesk/domain/audit/audit';
import { and, count, desc, eq, isNotNull, max, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toListPage, totalColumn } from '../../db/list-query';
import { auditEvents } from '../../db/schema/audit';

export type AuditEventRow = typeof auditEvents.$inferSelect;

export type ActivityFilters = { actorId?: string; kind?: AuditKind };

function activityFilters(merchantId: string, filters: ActivityFilters): SQL | undefined {
  const where: SQL[] = [eq(auditEvents.merchant_id, merchantId)];
  if (filters.actorId) where.push(eq(auditEvents.actor_id, filters.actorId));
  if (filters.kind) where.push(eq(auditEvents.kind, filters.kind));
  return and(...where);
}

/** A page of the merchant's entries, newest first (audit_events_merchant_*_idx). */
export async function findAuditEvents(
  db: Db,
  merchantId: string,
  filters: ActivityFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: AuditEventRow[] }> {
  const where = activityFilters(merchantId, filters);
  const rows = await db
    .select({ event: auditEvents, total: totalColumn() })
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.created), desc(auditEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  const listPage = await toListPage(rows, page.offset, async () => {
    const [total] = await db.select({ count: count() }).from(auditEvents).where(where);
    return total?.count ?? 0;
  });
  return { count: listPage.count, rows: listPage.rows.map((row) => row.event) };
}

/** The people in the merchant's log, each with the name of their latest entry. */
export async function findAuditActors(db: Db, merchantId: string): Promise<{ id: string; name: string }[]> {
  const latest = db
    .select({ actor_id: auditEvents.actor_id, created: max(auditEvents.created).as('latest') })
    .from(auditEvents)
    .where(and(eq(auditEvents.merchant_id, merchantId), isNotNull(auditEvents.actor_id)))
    .groupBy(auditEvents.actor_id)
    .as('latest');
  const rows = await db
    .selectDistinctOn([auditEvents.actor_id], { id: auditEvents.actor_id, name: auditEvents.actor_name })
    .from(auditEvents)
    .innerJoin(latest, and(eq(latest.actor_id, auditEvents.actor_id), eq(latest.created, auditEvents.created)))
    .where(eq(auditEvents.merchant_id, merchantId))
    .orderBy(auditEvents.actor_id);
  return rows
    .flatMap((row) => (row.id ? [{ id: row.id, name: row.name }] : []))
    .sort((a, b) => a.name.localeCompare(b.name));
}
