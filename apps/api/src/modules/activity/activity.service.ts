import type { ActivityEntry } from '@paydesk/domain/audit/audit.contract';
import type { ServiceContext } from '../../lib/service-context';
import { findAuditActors, findAuditEvents, type ActivityFilters, type AuditEventRow } from './activity.repository';

export function toActivityDto(row: AuditEventRow): ActivityEntry {
  return {
    id: row.id,
    created: row.created.toISOString(),
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    kind: row.kind,
    action: row.action,
    subject_id: row.subject_id,
    subject_label: row.subject_label,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export function listActivity(
  ctx: ServiceContext,
  merchantId: string,
  filters: ActivityFilters,
  page: { limit: number; offset: number },
) {
  return findAuditEvents(ctx.db, merchantId, filters, page);
}

export function listActivityActors(ctx: ServiceContext, merchantId: string) {
  return findAuditActors(ctx.db, merchantId);
}
