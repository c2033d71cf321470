import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  bankAuthorizationText,
  emptyMethodEntry,
  methodEntrySchema,
  tokenizeRequestOf,
  type MethodEntryKind,
  type MethodEntryValues,
} from '@paydesk/domain/payments/method-entry';
import { useState } from 'react';
import { submitFocusingErrors } from '../../../../lib/focus-errors';
import { describeError, notifySuccess } from '../../../../lib/notify';
import { useAddPaymentMethod } from '../../api/payments';
import { tokenize } from '../../api/tokenize';
import { MethodEntryFields } from './method-entry-fields';
import { usePhoneModal } from './use-phone-modal';

export type MethodKind = MethodEntryKind;

const validate = schemaResolver(methodEntrySchema(), { sync: true });

export function AddPaymentMethodModal({
  merchantID,
  merchantName,
  customerID,
  kind,
  onClose,
}: {
  merchantID: string;
  merchantName: string;
  customerID: string;
  kind: MethodKind | null;
  onClose: () => void;
}) {
  const phone = usePhoneModal();
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={kind === 'bank' ? 'Add bank account' : 'Add card'}
      fullScreen={phone}
    >
      {kind && (
        <MethodForm
          key={kind}
          kind={kind}
          merchantID={merchantID}
          merchantName={merchantName}
          customerID={customerID}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function MethodForm({
  kind,
  merchantID,
  merchantName,
  customerID,
  onDone,
}: {
  kind: MethodKind;
  merchantID: string;
  merchantName: string;
  customerID: string;
  onDone: () => void;
}) {
  const add = useAddPaymentMethod(merchantID, customerID);
  const form = useForm<MethodEntryValues>({ initialValues: emptyMethodEntry(kind), validate });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The numbers go to the tokeniser only; our API gets the token (and for a bank the authorisation's words).
  const submit = submitFocusingErrors(form, async (values) => {
    setFailure(null);
    setBusy(true);
    try {
      const { token } = await tokenize(tokenizeRequestOf(values));
      const authorization = bankAuthorizationText(merchantName, values.holder.trim());
      const method = await add.mutateAsync({
        token,
        nickname: values.nickname.trim(),
        ...(values.kind === 'bank' ? { authorization: { text: authorization, method: values.how } } : {}),
      });
      form.setValues(emptyMethodEntry(kind));
      notifySuccess(`${method.label} added`);
      onDone();
    } catch (error) {
      setFailure(error instanceof Error && !('status' in error) ? error.message : describeError(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <MethodEntryFields form={form} merchantID={merchantID} merchantName={merchantName} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {kind === 'bank' ? 'Add bank account' : 'Add card'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
