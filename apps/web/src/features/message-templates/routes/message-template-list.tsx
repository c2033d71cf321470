import { Anchor, Button, Group, Paper, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { formatDate } from '@paydesk/domain/format/date';
import {
  messageTemplateListQuery,
  type MessageTemplate,
} from '@paydesk/domain/message-templates/message-templates.contract';
import {
  SYSTEM_TEMPLATE_MUST_STAY_ACTIVE,
  isSystemTemplateType,
  templateTypeDisplayName,
} from '@paydesk/domain/message-templates/template-types';
import { describeTiming } from '@paydesk/domain/message-templates/timing';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { QueryState } from '../../../components/query-state';
import { TableFooter } from '../../../components/table-footer';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { notifyError } from '../../../lib/notify';
import { useListState } from '../../../lib/use-list-state';
import { useRouteMerchantId } from '../../../lib/use-merchant-access';
import { useMessageTemplates, useToggleTemplateActive } from '../api/message-templates';

/** /merchants/:merchantID?/message-templates (MessageTemplateList): 50 a page, searched by name. */
export function MessageTemplateListRoute() {
  const merchantID = useRouteMerchantId();
  const timeZone = useMerchantTimeZone(merchantID);
  const list = useListState(messageTemplateListQuery);
  const templates = useMessageTemplates(merchantID, {
    page: list.page,
    pageSize: list.pageSize,
    search: list.search,
    ordering: list.ordering,
  });
  const toggle = useToggleTemplateActive(merchantID);
  const count = templates.data?.count ?? 0;
  const editPath = (template: MessageTemplate) => `/merchants/${merchantID}/message-templates/${template.id}`;

  const activeToggle = (template: MessageTemplate) => {
    const system = isSystemTemplateType(template.type);
    const control = (
      <Switch
        aria-label={`Active: ${template.name}`}
        checked={template.active}
        disabled={system || toggle.isPending}
        onChange={() => toggle.mutate(template, { onError: notifyError })}
      />
    );
    if (!system) return control;
    return (
      <Tooltip label={SYSTEM_TEMPLATE_MUST_STAY_ACTIVE} events={{ hover: true, focus: true, touch: true }}>
        <span data-testid={`system-toggle-${template.id}`} tabIndex={0}>
          {control}
        </span>
      </Tooltip>
    );
  };

  const columns: DataColumn<MessageTemplate>[] = [
    {
      key: 'name',
      label: 'Name',
      primary: true,
      sort: list.sortOf('name'),
      render: (template) => (
        <Anchor component={Link} to={editPath(template)}>
          {template.name}
        </Anchor>
      ),
    },
    { key: 'type', label: 'Type', render: (template) => templateTypeDisplayName(template.type) },
    { key: 'timing', label: 'Timing', render: (template) => describeTiming(template.delta_days) },
    { key: 'active', label: 'Active', render: activeToggle },
    {
      key: 'updated',
      label: 'Last changed',
      sort: list.sortOf('updated'),
      render: (template) => formatDate(template.updated, { timeZone }),
    },
  ];

  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={1}>Templates</Title>
        <Button
          component={Link}
          to={`/merchants/${merchantID}/message-templates/create`}
          leftSection={<IconPlus size={16} />}
        >
          Create Template
        </Button>
      </Group>
      <Group justify="space-between" mb="md" gap="sm">
        <TextInput
          aria-label="Search templates"
          placeholder="Search templates"
          leftSection={<IconSearch size={16} />}
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <Text c="dimmed" size="sm" aria-live="polite">
          {templates.data ? `${count} ${count === 1 ? 'template' : 'templates'}` : ' '}
        </Text>
      </Group>
      {!templates.isSuccess ? (
        <QueryState
          error={templates.error}
          loadingLabel="Loading templates"
          errorTitle="Templates could not be loaded"
        />
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={templates.data.results}
            rowKey={(template) => template.id}
            minWidth={720}
          />
          {templates.data.results.length === 0 && (
            <Text c="dimmed" ta="center" py="xl">
              {list.search ? `No templates match “${list.search}”.` : 'No templates yet.'}
            </Text>
          )}
          <TableFooter total={count} {...list.footer} />
        </>
      )}
    </Paper>
  );
}
