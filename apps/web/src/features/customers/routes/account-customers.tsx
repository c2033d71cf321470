import { Anchor, Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { AccountCustomer, CustomerAccount } from '@paydesk/domain/customers/customers.contract';
import { formatPhoneNumber } from '@paydesk/domain/format/phone';
import { formatFullName } from '@paydesk/domain/format/user';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { notifySuccess } from '../../../lib/notify';
import { useAddCoBorrower, useRemoveCoBorrower } from '../api/customers-mutations';
import { AddCoBorrowerModal } from '../components/add-co-borrower-modal';
import { useCustomerContext, type CustomerContext } from '../hooks/customer-context';

type Removal = { account: CustomerAccount; person: AccountCustomer };

/** AccountCustomers: everyone on each account (the primary first); co-borrowers can be added and removed. */
export function AccountCustomersRoute({ context }: { context?: CustomerContext }) {
  const { merchantID, customer, access } = useCustomerContext(context);
  const canEdit = access.canUpdate && !customer.removed;
  const addCoBorrower = useAddCoBorrower(merchantID, customer.id);
  const removeCoBorrower = useRemoveCoBorrower(merchantID, customer.id);
  const [adding, setAdding] = useState<CustomerAccount | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);

  const columnsFor = (account: CustomerAccount): DataColumn<AccountCustomer>[] => [
    {
      key: 'name',
      label: 'Name',
      primary: true,
      render: (person) =>
        person.id === customer.id ? (
          formatFullName(person)
        ) : (
          <Anchor component={Link} to={`/merchants/${encodeURIComponent(merchantID)}/customers/${person.id}`}>
            {formatFullName(person)}
          </Anchor>
        ),
    },
    {
      key: 'role',
      label: 'Role',
      render: (person) => (
        <Badge variant="light" color={person.role === 'primary' ? 'indigo' : 'gray'}>
          {person.role === 'primary' ? 'Primary' : 'Co-borrower'}
        </Badge>
      ),
    },
    { key: 'phone', label: 'Phone', render: (person) => formatPhoneNumber(person.sms_phone_number) || '—' },
    { key: 'email', label: 'Email', render: (person) => person.email || '—' },
    {
      key: 'actions',
      label: 'Actions',
      actions: true,
      align: 'right',
      render: (person) =>
        canEdit && person.role !== 'primary' ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={`Remove ${formatFullName(person)} from account ${account.external_id}`}
            onClick={() => {
              removeCoBorrower.reset();
              setRemoval({ account, person });
            }}
          >
            Remove
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      {customer.accounts.map((account) => (
        <Paper
          key={account.id}
          withBorder
          p="lg"
          component="section"
          aria-label={`People on account ${account.external_id}`}
        >
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="h4">
              {`Account ${account.external_id}`}
            </Title>
            {canEdit && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconUserPlus size={14} />}
                onClick={() => setAdding(account)}
              >
                Add co-borrower
              </Button>
            )}
          </Group>
          <DataTable
            columns={columnsFor(account)}
            rows={account.customers}
            rowKey={(person) => person.id}
            minWidth={560}
          />
        </Paper>
      ))}
      <AddCoBorrowerModal
        merchantID={merchantID}
        account={adding}
        onSubmit={async (input) => {
          if (!adding) return;
          await addCoBorrower.mutateAsync({ accountID: adding.id, input });
          notifySuccess('Co-borrower added');
          setAdding(null);
        }}
        onClose={() => setAdding(null)}
      />
      <ConfirmModal
        opened={removal !== null}
        title="Remove co-borrower?"
        confirmLabel="Remove"
        loading={removeCoBorrower.isPending}
        error={removeCoBorrower.error}
        onConfirm={() => {
          if (!removal) return;
          removeCoBorrower.mutate(
            { accountID: removal.account.id, coBorrowerID: removal.person.id },
            {
              onSuccess: () => {
                notifySuccess(`${formatFullName(removal.person)} removed from account ${removal.account.external_id}`);
                setRemoval(null);
              },
            },
          );
        }}
        onClose={() => setRemoval(null)}
      >
        {removal
          ? `Are you sure you would like to remove ${formatFullName(removal.person)} from account ${removal.account.external_id}?`
          : ''}
      </ConfirmModal>
    </Stack>
  );
}
