import { Paper, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { useMerchant } from '../../../lib/merchant-query';
import { useUpdateMerchant } from '../api/update-merchant';
import { MerchantForm } from '../components/merchant-form';
import { MerchantQueryState } from '../components/merchant-query-state';
import { useViewer } from '../../../lib/use-viewer';

/**
 * /merchants/:merchantID/settings/: the one place a merchant's name, logo and flags are edited (PUT
 * /merchants/:id/), inside the settings layout; read-only for users who may not change them. The merchant detail
 * page shows them and links here.
 */
export function MerchantSettingsGeneralRoute() {
  const { merchantID = '' } = useParams();
  const viewer = useViewer();
  const merchant = useMerchant(merchantID);
  const updateMerchant = useUpdateMerchant(merchantID);
  const readOnly = !viewer.canEditMerchant(merchantID);

  if (!merchant.data) return <MerchantQueryState error={merchant.error} />;
  return (
    <Paper withBorder p="lg">
      <Text c="dimmed" size="sm" mb="md">
        {readOnly ? 'Only admins can change these settings.' : 'Name, logo and what this merchant allows.'}
      </Text>
      <MerchantForm
        key={merchant.data.id}
        merchant={merchant.data}
        readOnly={readOnly}
        platformSettingsLocked={!viewer.isSuperUser}
        submitLabel="Save changes"
        onSubmit={async (input) => {
          await updateMerchant.mutateAsync(input);
          notifySuccess('Merchant saved');
          // The app shell and the guards read the merchant's name, logo and flags from the profile.
          void viewer.reloadProfile().catch(() => {});
        }}
      />
    </Paper>
  );
}
