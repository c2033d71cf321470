import { notifySuccess } from '../../../lib/notify';
import { useUpdateMerchant } from '../api/update-merchant';
import { useViewer } from '../hooks/use-viewer';
import type { Merchant } from '@paydesk/domain/merchants/merchants.contract';
import { MerchantForm } from './merchant-form';

type MerchantEditFormProps = { merchant: Merchant; readOnly: boolean };

/** Edits a merchant with PUT /merchants/:id/; read-only for users who may not change it. */
export function MerchantEditForm({ merchant, readOnly }: MerchantEditFormProps) {
  const updateMerchant = useUpdateMerchant(merchant.id);
  const { reloadProfile } = useViewer();
  return (
    <MerchantForm
      key={merchant.id}
      merchant={merchant}
      readOnly={readOnly}
      submitLabel="Save changes"
      onSubmit={async (input) => {
        await updateMerchant.mutateAsync(input);
        notifySuccess('Merchant saved');
        // The app shell and the guards read the merchant's name, logo and flags from the profile.
        void reloadProfile().catch(() => {});
      }}
    />
  );
}
