import { Anchor, Button, Switch, Tooltip } from '@mantine/core';
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
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
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
    <ListPage
      title="Templates"
      actions={
        <Button
          component={Link}
          to={`/merchants/${merchantID}/message-templates/create`}
          leftSection={<IconPlus size={16} />}
        >
          Create Template
        </Button>
      }
    >
      <ListSection
        p="lg"
        search={{
          list,
          label: 'Search templates',
          hiddenLabel: true,
          placeholder: 'Search templates',
          w: { base: '100%', xs: 280 },
        }}
        count={countOf(templates.data, 'template')}
        query={templates}
        loadingLabel="Loading templates"
        errorTitle="Templates could not be loaded"
        table={{ columns, rowKey: (template) => template.id, minWidth: 720 }}
        empty={list.search ? `No templates match “${list.search}”.` : 'No templates yet.'}
        pager={list.footer}
      />
    </ListPage>
  );
}
