import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { FAILED_ACTIONS_PAGE_SIZE } from '@paydesk/domain/constants';
import { ERROR_MESSAGES } from '@paydesk/domain/errors/error-codes';
import { formatDateTime } from '@paydesk/domain/format/date';
import {
  DEVICE_ACTION_LABELS,
  FAILED_ACTION_TOASTS,
  PROVIDER_LABELS,
  type FailedAction,
} from '@paydesk/domain/integrations/integrations.contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListPage, ListSection } from '../../../components/list-page';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMerchantFailedActions, useResolveFailedAction, useRetryFailedAction } from '../api/integrations';
import { useMerchantTimeZone } from '../../../lib/merchant-query';

const describe = (action: FailedAction) => `${DEVICE_ACTION_LABELS[action.action]} on ${action.device_id}`;

function StatusCell({ action, timeZone }: { action: FailedAction; timeZone: string | undefined }) {
  if (action.status === 'resolved') {
    return (
      <Stack gap={0}>
        <Badge variant="light" color="gray">
          Resolved
        </Badge>
        <Text size="xs" c="dimmed">
          {[action.resolved_by, formatDateTime(action.resolved_at, { timeZone })].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <Badge variant="light" color={action.is_resolvable ? 'orange' : 'red'}>
        Open
      </Badge>
      {!action.is_resolvable && (
        <Text size="xs" c="dimmed">
          {ERROR_MESSAGES['integrations.unresolvable_action']}
        </Text>
      )}
    </Stack>
  );
}

/**
 * /merchants/:merchantID/failed-actions: device commands that failed, newest first (100 a page), with Retry for
 * those a retry may fix and Resolve for any open one.
 */
export function FailedActionsRoute() {
  const { merchantID = '' } = useParams();
  const [page, setPage] = useState(1);
  const timeZone = useMerchantTimeZone(merchantID);
  const actions = useMerchantFailedActions(merchantID, page);
  const resolve = useResolveFailedAction(merchantID);
  const retry = useRetryFailedAction(merchantID);
  const [working, setWorking] = useState<string | null>(null);
  const [retryFailure, setRetryFailure] = useState<{ action: FailedAction; message: string } | null>(null);

  const onResolve = (action: FailedAction) => {
    setWorking(action.id);
    setRetryFailure(null);
    resolve.mutate(action.id, {
      onSuccess: () => notifySuccess(FAILED_ACTION_TOASTS.resolved),
      onError: (error) => notifyError(error),
      onSettled: () => setWorking(null),
    });
  };
  const onRetry = (action: FailedAction) => {
    setWorking(action.id);
    setRetryFailure(null);
    retry.mutate(action.id, {
      onSuccess: (result) => {
        if (result.succeeded) notifySuccess(FAILED_ACTION_TOASTS.retried);
        else setRetryFailure({ action, message: result.message });
      },
      onError: (error) => notifyError(error),
      onSettled: () => setWorking(null),
    });
  };

  const columns: DataColumn<FailedAction>[] = [
    { key: 'created', label: 'Date', primary: true, render: (action) => formatDateTime(action.created, { timeZone }) },
    { key: 'provider', label: 'Provider', render: (action) => PROVIDER_LABELS[action.provider] },
    { key: 'command', label: 'Command', render: (action) => describe(action) },
    {
      key: 'account',
      label: 'Account',
      render: (action) =>
        action.customer_id ? (
          <Anchor component={Link} to={`/merchants/${merchantID}/customers/${action.customer_id}`} size="sm">
            {action.account_reference ?? 'Account'}
          </Anchor>
        ) : (
          (action.account_reference ?? '—')
        ),
    },
    {
      key: 'error',
      label: 'Error',
      render: (action) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {action.error_message}
        </Text>
      ),
    },
    { key: 'status', label: 'Status', render: (action) => <StatusCell action={action} timeZone={timeZone} /> },
    {
      key: 'actions',
      label: 'Actions',
      actions: true,
      align: 'right',
      render: (action) =>
        action.status === 'open' ? (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {action.is_resolvable && (
              <Button
                size="compact-sm"
                variant="light"
                aria-label={`Retry ${describe(action)}`}
                loading={working === action.id && retry.isPending}
                disabled={working !== null}
                onClick={() => onRetry(action)}
              >
                Retry
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={`Resolve ${describe(action)}`}
              loading={working === action.id && resolve.isPending}
              disabled={working !== null}
              onClick={() => onResolve(action)}
            >
              Resolve
            </Button>
          </Group>
        ) : null,
    },
  ];

  return (
    <ListPage title="Failed actions" count={countOf(actions.data, 'failed action')}>
      <div aria-live="polite">
        {retryFailure && (
          <Alert
            color="red"
            title="The retry failed"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setRetryFailure(null)}
          >
            {`${describe(retryFailure.action)}: ${retryFailure.message}`}
          </Alert>
        )}
      </div>
      <ListSection
        query={actions}
        loadingLabel="Loading failed actions"
        errorTitle="Failed actions could not be loaded"
        table={{ columns, rowKey: (action) => action.id, minWidth: 960 }}
        empty="No failed actions."
        pager={{ page, pageSize: FAILED_ACTIONS_PAGE_SIZE, onPageChange: setPage }}
      />
    </ListPage>
  );
}
