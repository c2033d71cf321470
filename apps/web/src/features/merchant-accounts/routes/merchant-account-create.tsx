import { Button, Paper, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { useRouteMerchantId } from '../../../lib/use-merchant-access';
import { useCreateMerchantAccount } from '../api/merchant-accounts';
import { MerchantAccountForm } from '../components/merchant-account-form';
import { merchantAccountsPath } from '../paths';

/** .../merchant-accounts/create: a new merchant account, at the list's location unless another is picked. */
export function MerchantAccountCreateRoute() {
  const merchantID = useRouteMerchantId();
  const { locationID = null } = useParams();
  const navigate = useNavigate();
  const createAccount = useCreateMerchantAccount(merchantID);
  const listPath = merchantAccountsPath(merchantID, locationID);

  return (
    <Stack gap="lg">
      <title>Create merchant account · Paydesk</title>
      <Title order={1}>Create merchant account</Title>
      <Paper withBorder p="lg">
        <MerchantAccountForm
          merchantID={merchantID}
          defaultLocationID={locationID}
          submitLabel="Create merchant account"
          onSubmit={async (input) => {
            const account = await createAccount.mutateAsync(input);
            notifySuccess(`Merchant account ${account.name} created`);
            navigate(merchantAccountsPath(merchantID, account.location_id));
          }}
          actions={
            <Button component={Link} to={listPath} variant="default">
              Cancel
            </Button>
          }
        />
      </Paper>
    </Stack>
  );
}
