import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { ConsentChannel } from '@paydesk/domain/customers/customers.contract';
import { formatCalendarDate, formatDate } from '@paydesk/domain/format/date';
import { formatFullName } from '@paydesk/domain/format/user';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { NotFoundState } from '../../../components/not-found-state';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { notifySuccess } from '../../../lib/notify';
import { markViewed, useCustomer } from '../api/customers-queries';
import { useChangeConsent, useRemoveCustomer, useUpdateCustomer } from '../api/customers-mutations';
import { useMerchantLocations } from '../api/merchant-options';
import { CustomerForm, mailingAddressLines } from '../components/customer-form';
import { CHANNEL_LABELS, OptInConfirmModal, type OptInChange } from '../../../components/opt-in-confirm-modal';
import { Field } from '../components/field';
import { IntegrationSyncNotice, useOpenIntegrationSync } from '../components/integration-sync-notice';
import type { CustomerContext } from '../hooks/customer-context';
import { useCustomerAccess } from '../hooks/use-customer-access';
import { CustomerAccountDetailsRoute } from './customer-account-details';
import { AccountCustomersRoute } from './account-customers';
import { CustomerHistoryRoute } from './customer-history';
import { CustomerNotesRoute } from './customer-notes';
import { CustomerPaymentMethodsRoute } from './customer-payment-methods';
import { EmailLink, PhoneLinks } from '../components/contact-links';

const TABS = [
  { value: 'details', label: 'Account details' },
  { value: 'history', label: 'History' },
  { value: 'notes', label: 'Notes' },
  { value: 'co-borrowers', label: 'Co-borrowers' },
  { value: 'payment-methods', label: 'Payment methods' },
] as const;

/** The tab a path shows: the segment after the customer id (none: account details). */
export function findCustomerTab(pathname: string, base: string): string {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const segment = rest.split('/').filter(Boolean)[0] ?? '';
  return TABS.some((tab) => tab.value === segment) ? segment : 'details';
}

function isMissing(error: Error | null): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * /merchants/:merchantID/customers/:customerID/*: the customer's header (contact, opt-ins, edit, remove) and its
 * views as URL-driven tabs. With `fullView` (…/detail) every view is shown on one page, one after another.
 * Opening a customer records it for "Recently viewed" (POST update_last_viewed) once its detail has loaded.
 */
export function CustomerLayoutRoute({ fullView = false }: { fullView?: boolean }) {
  const { merchantID = '', customerID = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const customer = useCustomer(merchantID, customerID);
  const openSync = useOpenIntegrationSync(
    customerID,
    customer.data?.integration_sync,
    customer.data?.id === customerID && !customer.isFetching,
  );
  const access = useCustomerAccess(merchantID);
  const timeZone = useMerchantTimeZone(merchantID);
  const locations = useMerchantLocations(access.canUpdate ? merchantID : undefined);
  const updateCustomer = useUpdateCustomer(merchantID, customerID);
  const changeConsent = useChangeConsent(merchantID, customerID);
  const removeCustomer = useRemoveCustomer(merchantID, customerID);
  const [editing, setEditing] = useState(false);
  const [removedWhileEditing, setRemovedWhileEditing] = useState(false);
  const [optInChange, setOptInChange] = useState<OptInChange | null>(null);
  const [confirmingRemove, setConfirmingRemove] = useState(false);

  const viewedRef = useRef<string | null>(null);
  const loadedID = customer.data?.id;
  useEffect(() => {
    if (!loadedID || viewedRef.current === loadedID) return;
    viewedRef.current = loadedID;
    // Best effort: a failure to record the view does not concern the user.
    markViewed(merchantID, loadedID).catch(() => undefined);
  }, [merchantID, loadedID]);

  const listPath = `/merchants/${encodeURIComponent(merchantID)}/customers`;
  if (isMissing(customer.error)) return <NotFoundState />;
  if (!customer.data) {
    return (
      <QueryState
        error={customer.error}
        loadingLabel="Loading customer"
        errorTitle="The customer could not be loaded"
      />
    );
  }

  const data = customer.data;
  const name = formatFullName(data);
  const base = `${listPath}/${encodeURIComponent(customerID)}`;
  const activeTab = findCustomerTab(pathname, base);
  const canChange = access.canUpdate && !data.removed;
  const context: CustomerContext = { merchantID, customer: data, access };

  const handleRemove = () => {
    removeCustomer.mutate(undefined, {
      onSuccess: () => {
        setConfirmingRemove(false);
        notifySuccess(`${name} removed`);
        navigate(listPath);
      },
    });
  };

  const requestOptIn = (channel: ConsentChannel, optedIn: boolean) => {
    changeConsent.reset();
    setOptInChange({ channel, optedIn });
  };

  return (
    <Stack gap="lg">
      <title>{`${name} · Customers · Paydesk`}</title>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to={listPath} size="sm">
          Customers
        </Anchor>
        <Text size="sm" aria-current="page">
          {name}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={1}>{name}</Title>
          {data.removed && (
            <Badge color="gray" variant="light">
              Removed
            </Badge>
          )}
        </Group>
        {canChange && !editing && (
          <Group gap="sm">
            <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
              Edit customer
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => {
                removeCustomer.reset();
                setConfirmingRemove(true);
              }}
            >
              Remove
            </Button>
          </Group>
        )}
      </Group>
      <IntegrationSyncNotice sync={openSync.sync} timeZone={timeZone} onDismiss={openSync.dismiss} />
      {removedWhileEditing && (
        <Alert color="red" title="Your changes were not saved" role="alert">
          {`${name} was removed while you were editing, so the changes could not be saved.`}
        </Alert>
      )}
      {data.removed && (
        <Alert color="gray" title="This customer was removed">
          {`Removed on ${formatDate(data.removed_at, { timeZone })}. The customer no longer appears in lists; their history is kept.`}
        </Alert>
      )}

      <Paper withBorder p="lg" component="section" aria-label="Customer">
        {editing ? (
          <CustomerForm
            customer={data}
            timeZone={timeZone}
            locations={locations.data ?? [data.location]}
            onSubmit={async (input) => {
              try {
                await updateCustomer.mutateAsync(input);
              } catch (error) {
                // Removed by someone else while this form was open: the API no longer knows it as a customer (404).
                if (!(error instanceof ApiError && error.status === 404)) throw error;
                setEditing(false);
                setRemovedWhileEditing(true);
                void customer.refetch();
                return;
              }
              notifySuccess(`${name} saved`);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Field label="Mobile phone">
              <PhoneLinks phone={data.sms_phone_number} />
            </Field>
            <Field label="Email">
              <EmailLink email={data.email} />
            </Field>
            <Field label="Date of birth">{formatCalendarDate(data.date_of_birth) || '—'}</Field>
            <Field label="Location">{data.location.name}</Field>
            {mailingAddressLines(data).length > 0 && (
              <Field label="Mailing address">
                {mailingAddressLines(data).map((line) => (
                  <span key={line} style={{ display: 'block' }}>
                    {line}
                  </span>
                ))}
              </Field>
            )}
            {(['sms', 'email'] as const).map((channel) => {
              const optedIn = channel === 'sms' ? data.text_opt_in : data.email_opt_in;
              // A disabled switch is too faint to read on or off: users who cannot change it read it in words.
              return canChange ? (
                <Switch
                  key={channel}
                  label={CHANNEL_LABELS[channel]}
                  checked={optedIn}
                  onChange={() => requestOptIn(channel, !optedIn)}
                />
              ) : (
                <Field key={channel} label={CHANNEL_LABELS[channel]}>
                  {optedIn ? 'On' : 'Off'}
                </Field>
              );
            })}
          </SimpleGrid>
        )}
      </Paper>

      {fullView ? (
        <Stack gap="xl">
          <Section title="Account details">
            <CustomerAccountDetailsRoute context={context} />
          </Section>
          <Section title="History">
            <CustomerHistoryRoute context={context} />
          </Section>
          <Section title="Notes">
            <CustomerNotesRoute context={context} />
          </Section>
          <Section title="Co-borrowers">
            <AccountCustomersRoute context={context} />
          </Section>
          <Section title="Payment methods">
            <CustomerPaymentMethodsRoute context={context} />
          </Section>
        </Stack>
      ) : (
        <>
          <Group justify="space-between" align="flex-end" wrap="nowrap">
            <Tabs
              value={activeTab}
              onChange={(value) => navigate(value && value !== 'details' ? `${base}/${value}` : base)}
              style={{ minWidth: 0, flex: 1 }}
            >
              <Tabs.List aria-label="Customer views" style={{ flexWrap: 'wrap' }}>
                {TABS.map((tab) => (
                  <Tabs.Tab key={tab.value} value={tab.value}>
                    {tab.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          </Group>
          <Outlet context={context} />
          {/* A 24 px tall target, as a phone's thumb needs (WCAG 2.5.8). */}
          <Anchor
            component={Link}
            to={`${base}/detail`}
            size="sm"
            mih={24}
            display="inline-flex"
            style={{ alignItems: 'center', alignSelf: 'flex-start' }}
          >
            Open the full view
          </Anchor>
        </>
      )}

      <OptInConfirmModal
        changes={optInChange ? [optInChange] : []}
        customerName={name}
        loading={changeConsent.isPending}
        error={changeConsent.error}
        onConfirm={(affirmations) => {
          if (!optInChange) return;
          const { channel, optedIn } = optInChange;
          changeConsent.mutate(
            { channel, opted_in: optedIn, affirmation: affirmations[channel] ?? '' },
            {
              onSuccess: () => {
                setOptInChange(null);
                notifySuccess(`${CHANNEL_LABELS[channel]} turned ${optedIn ? 'on' : 'off'}`);
              },
            },
          );
        }}
        onClose={() => setOptInChange(null)}
      />
      <ConfirmModal
        opened={confirmingRemove}
        title="Remove customer?"
        confirmLabel="Remove"
        loading={removeCustomer.isPending}
        error={removeCustomer.error}
        onConfirm={handleRemove}
        onClose={() => setConfirmingRemove(false)}
      >
        {`Are you sure you would like to remove ${name}?`}
      </ConfirmModal>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /merchants/:merchantID/customers/:customerID/detail: every view of the customer on one page. */
export function CustomerFullViewRoute() {
  return <CustomerLayoutRoute fullView />;
}
