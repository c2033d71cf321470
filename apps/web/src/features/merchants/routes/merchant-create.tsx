import { Anchor, Breadcrumbs, Paper, Stack, Title } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { useCreateMerchant } from '../api/create-merchant';
import { useAvailablePaymentCodes } from '../api/get-payment-codes';
import { MerchantForm } from '../components/merchant-form';
import { useViewer } from '../../../lib/use-viewer';

/** /merchants/create: super users only; others are sent back to the list. */
export function MerchantCreateRoute() {
  const navigate = useNavigate();
  const { isSuperUser, organization, reloadProfile } = useViewer();
  const createMerchant = useCreateMerchant();
  const paymentCodes = useAvailablePaymentCodes({ enabled: isSuperUser });

  if (!isSuperUser) return <Navigate to="/merchants" replace />;

  return (
    <Stack gap="lg">
      <title>Create merchant · Paydesk</title>
      <Breadcrumbs>
        <Anchor component={Link} to="/merchants" size="sm">
          Merchants
        </Anchor>
        <span>Create merchant</span>
      </Breadcrumbs>
      <Title order={1}>Create merchant</Title>
      <Paper withBorder p="lg">
        <MerchantForm
          currentOrganization={organization}
          paymentCodes={paymentCodes.data?.results.map((row) => row.code) ?? []}
          submitLabel="Create merchant"
          onSubmit={async (input) => {
            const merchant = await createMerchant.mutateAsync(input);
            notifySuccess(`Merchant ${merchant.name} created`);
            void paymentCodes.refetch();
            void reloadProfile().catch(() => {});
            navigate(`/merchants/${merchant.id}`);
          }}
        />
      </Paper>
    </Stack>
  );
}
