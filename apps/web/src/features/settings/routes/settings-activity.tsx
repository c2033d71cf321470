import { Button, Collapse, Select, Stack, Text } from '@mantine/core';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind } from '@paydesk/domain/audit/audit';
import { activityListQuery, type ActivityEntry } from '@paydesk/domain/audit/audit.contract';
import { paginationQuery } from '@paydesk/domain/api/pagination';
import { formatDateTime } from '@paydesk/domain/format/date';
import { useState } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListSection } from '../../../components/list-page';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { useListState } from '../../../lib/use-list-state';
import { useActivity, useActivityActors } from '../api/activity';
import { ActivityChanges } from '../components/activity-changes';

/** The log has one order (newest first); the list state keeps its page and rows per page in the URL. */
const activityPageQuery = paginationQuery.extend({ ordering: z.literal('-created').default('-created') });

const KIND_OPTIONS = AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] }));

/** “Avery Admin updated Location Main St”. */
export function describeEntry(entry: ActivityEntry): string {
  const subject = [AUDIT_KIND_LABELS[entry.kind], entry.subject_label].filter(Boolean).join(' ');
  return `${entry.actor_name} ${entry.action} ${subject}`;
}

/** The filters as the URL holds them; an unknown person id or kind reads as no filter. */
function readFilters(params: URLSearchParams): { actor?: string; kind?: AuditKind } {
  const actor = activityListQuery.shape.actor.safeParse(params.get('actor') ?? undefined);
  const kind = activityListQuery.shape.kind.safeParse(params.get('kind') ?? undefined);
  return { actor: actor.success ? actor.data : undefined, kind: kind.success ? kind.data : undefined };
}

/**
 * /merchants/:merchantID/settings/activity: the merchant's audit log, newest first: when, who, what, and the changed
 * fields before → after; filtered by person and by kind (in the URL).
 */
export function SettingsActivityRoute() {
  const { merchantID = '' } = useParams();
  const timeZone = useMerchantTimeZone(merchantID);
  const list = useListState(activityPageQuery, readFilters);
  const { filters, setFilter } = list;
  const activity = useActivity(merchantID, { page: list.page, pageSize: list.pageSize, ...filters });
  const actors = useActivityActors(merchantID);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const actorOptions = (actors.data?.results ?? []).map((actor) => ({ value: actor.id, label: actor.name }));
  // A person filtered by link but no longer in the picker still shows as chosen.
  if (filters.actor && !actorOptions.some((option) => option.value === filters.actor))
    actorOptions.push({ value: filters.actor, label: 'Unknown person' });

  const columns: DataColumn<ActivityEntry>[] = [
    {
      key: 'when',
      label: 'When',
      primary: true,
      render: (entry) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(entry.created, { timeZone })}
        </Text>
      ),
    },
    { key: 'who', label: 'Who', render: (entry) => entry.actor_name },
    {
      key: 'what',
      label: 'What',
      render: (entry) => (
        <Stack gap={6}>
          <Text size="sm">{describeEntry(entry)}</Text>
          <Collapse expanded={expanded.has(entry.id)}>
            <div id={`activity-changes-${entry.id}`}>
              <ActivityChanges before={entry.before} after={entry.after} timeZone={timeZone} />
            </div>
          </Collapse>
        </Stack>
      ),
    },
    {
      key: 'changes',
      label: 'Changes',
      actions: true,
      align: 'right',
      render: (entry) => (
        <Button
          size="compact-sm"
          // Not subtle: hovered inside a highlighted row, a subtle button's text falls below 4.5:1.
          variant="default"
          aria-expanded={expanded.has(entry.id)}
          aria-controls={`activity-changes-${entry.id}`}
          aria-label={`${expanded.has(entry.id) ? 'Hide' : 'Show'} changes: ${describeEntry(entry)}`}
          onClick={() => toggle(entry.id)}
        >
          {expanded.has(entry.id) ? 'Hide changes' : 'Show changes'}
        </Button>
      ),
    },
  ];

  return (
    <ListSection
      p="lg"
      filters={
        <>
          <Select
            label="Person"
            placeholder="Everyone"
            data={actorOptions}
            value={filters.actor ?? null}
            onChange={(value) => setFilter('actor', value)}
            clearable
            searchable
            nothingFoundMessage="Nobody"
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label="Kind"
            placeholder="Every kind"
            data={KIND_OPTIONS}
            value={filters.kind ?? null}
            onChange={(value) => setFilter('kind', value)}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        </>
      }
      count={countOf(activity.data, 'entry', 'entries')}
      query={activity}
      loadingLabel="Loading activity"
      errorTitle="Activity could not be loaded"
      table={{ columns, rowKey: (entry) => entry.id, minWidth: 720 }}
      empty={filters.actor || filters.kind ? 'No activity matches these filters.' : 'No activity yet.'}
      pager={list.footer}
    />
  );
}
