import { Paper, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useMerchant } from '../api/get-merchant';
import { MerchantEditForm } from '../components/merchant-edit-form';
import { MerchantQueryState } from '../components/merchant-query-state';
import { useViewer } from '../hooks/use-viewer';

/** /merchants/:merchantID/settings/: the merchant's general settings, under the settings layout's heading. */
export function MerchantSettingsGeneralRoute() {
  const { merchantID = '' } = useParams();
  const viewer = useViewer();
  const merchant = useMerchant(merchantID);
  const readOnly = !viewer.canEditMerchant(merchantID);

  if (!merchant.data) return <MerchantQueryState error={merchant.error} />;
  return (
    <Paper withBorder p="lg">
      <Text c="dimmed" size="sm" mb="md">
        {readOnly ? 'Only admins can change these settings.' : 'Name, logo and what this merchant allows.'}
      </Text>
      <MerchantEditForm merchant={merchant.data} readOnly={readOnly} />
    </Paper>
  );
}
