import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ACCESS_REQUIREMENTS } from '@paydesk/domain/access/requirements';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { QueryState } from '../../../components/query-state';
import { notifySuccess } from '../../../lib/notify';
import { useMeetsMerchantRequirement, useRouteMerchantId } from '../../../lib/use-merchant-access';
import { useDeleteMerchantAccount, useMerchantAccount, useUpdateMerchantAccount } from '../api/merchant-accounts';
import { MerchantAccountForm } from '../components/merchant-account-form';
import { merchantAccountsPath } from '../paths';

/** .../merchant-accounts/:merchantAccountID: one merchant account; administrators edit or delete it. */
export function MerchantAccountDetailRoute() {
  const merchantID = useRouteMerchantId();
  const { locationID = null, merchantAccountID = '' } = useParams();
  const navigate = useNavigate();
  const mayEdit = useMeetsMerchantRequirement(merchantID, ACCESS_REQUIREMENTS.merchantSettings);
  const account = useMerchantAccount(merchantID, merchantAccountID);
  const updateAccount = useUpdateMerchantAccount(merchantID, merchantAccountID);
  const deleteAccount = useDeleteMerchantAccount(merchantID, merchantAccountID);
  const [confirmingDelete, confirmDelete] = useDisclosure(false);
  const listPath = merchantAccountsPath(merchantID, locationID);

  if (!account.data) {
    return (
      <QueryState
        error={account.error}
        loadingLabel="Loading merchant account"
        errorTitle="The merchant account could not be loaded"
        notFound={{ title: 'Merchant account not found', text: 'It may have been deleted.' }}
        back={{ to: listPath, label: 'Back to merchant accounts' }}
      />
    );
  }

  const name = account.data.name;
  const closeDelete = () => {
    deleteAccount.reset();
    confirmDelete.close();
  };
  const handleDelete = () =>
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        confirmDelete.close();
        notifySuccess(`Merchant account ${name} deleted`);
        navigate(listPath, { replace: true });
      },
    });

  return (
    <Stack gap="lg">
      <title>{`${name} · Merchant accounts · Paydesk`}</title>
      <div>
        <Title order={1}>{name}</Title>
        <Text c="dimmed" size="sm">
          {account.data.location_name}
          {mayEdit ? '' : ' · Only administrators may change merchant accounts.'}
        </Text>
      </div>
      <Paper withBorder p="lg">
        <MerchantAccountForm
          key={account.data.id}
          merchantID={merchantID}
          account={account.data}
          readOnly={!mayEdit}
          submitLabel="Save changes"
          onSubmit={async (input) => {
            await updateAccount.mutateAsync(input);
            notifySuccess('Merchant account saved');
          }}
          actions={
            <>
              <Button component={Link} to={listPath} variant="default">
                Back to merchant accounts
              </Button>
              {mayEdit && (
                <Button color="red" variant="light" ml="auto" onClick={confirmDelete.open}>
                  Delete merchant account
                </Button>
              )}
            </>
          }
        />
      </Paper>
      <ConfirmModal
        opened={confirmingDelete}
        title="Delete merchant account?"
        confirmLabel="Delete merchant account"
        loading={deleteAccount.isPending}
        error={deleteAccount.error}
        onConfirm={handleDelete}
        onClose={closeDelete}
      >
        Are you sure you would like to delete the merchant account {name}?
      </ConfirmModal>
    </Stack>
  );
}
