import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Radio, Select, Stack, Text } from '@mantine/core';
import {
  AUTOPAY_AUTHORIZATION_REQUIRED,
  recurringDebitTerms,
  type Autopay,
  type AutopayDisabledBy,
} from '@paydesk/domain/autopay/autopay.contract';
import { AUTOPAY_DUE_DAY_CAP } from '@paydesk/domain/constants';
import { ERROR_MESSAGES } from '@paydesk/domain/errors/error-codes';
import { formatCalendarDate, formatDateTime } from '@paydesk/domain/format/date';
import { BANK_AUTHORIZATION_METHODS, type BankAuthorizationMethod } from '@paydesk/domain/payments/payments';
import { IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { DialogActions } from '../../../../components/dialog-actions';
import { useMerchant } from '../../../../lib/merchant-query';
import { ApiError } from '../../../../lib/api-client';
import { describeError, notifySuccess } from '../../../../lib/notify';
import { useAutopay, useDisableAutopay, useEnrolAutopay } from '../../api/autopay';
import { usePaymentMethods } from '../../api/customers-queries';
import { AccountSection } from './account-section';

const AUTHORIZATION_METHOD_LABELS: Record<BankAuthorizationMethod, string> = {
  phone: 'By phone',
  in_person: 'In person',
  web: 'Online',
};

const RUN_WORDS: Record<NonNullable<Autopay['last_run']>['state'], string> = {
  paid: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  skipped: 'Nothing due',
};

/** An account's autopay: who pays with which method on which day, the last run; enrol, change the method, turn off. */
export function AutopayPanel({
  merchantID,
  customerID,
  accountID,
  accountLabel,
  timeZone,
  canChange,
}: {
  merchantID: string;
  customerID: string;
  accountID: string;
  accountLabel: string;
  timeZone: string | undefined;
  canChange: boolean;
}) {
  const autopay = useAutopay(merchantID, accountID);
  const disable = useDisableAutopay(merchantID, accountID);
  const [enrolling, setEnrolling] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const [by, setBy] = useState<AutopayDisabledBy>('customer');
  const state = autopay.data;
  const mine = state?.customer === customerID;

  return (
    <AccountSection
      title="Autopay"
      badge={
        state && (
          <Badge variant="light" color={state.enabled ? 'teal' : 'gray'}>
            {state.enabled ? 'On' : 'Off'}
          </Badge>
        )
      }
      actions={
        canChange &&
        state && (
          <Group gap="xs">
            {(!state.enabled || mine) && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconRepeat size={14} />}
                onClick={() => setEnrolling(true)}
                aria-label={`${state.enabled ? 'Change the autopay method' : 'Enrol in autopay'} on account ${accountLabel}`}
              >
                {state.enabled ? 'Change method' : 'Enrol in autopay'}
              </Button>
            )}
            {state.enabled && (
              <Button size="compact-sm" variant="light" color="red" onClick={() => setDisabling(true)}>
                Turn off
              </Button>
            )}
          </Group>
        )
      }
      query={autopay}
      loadingLabel="Loading autopay"
      errorTitle="Autopay could not be loaded"
      dialogs={
        <>
          {enrolling && state && (
            <EnrolAutopayModal
              merchantID={merchantID}
              customerID={customerID}
              accountID={accountID}
              accountLabel={accountLabel}
              autopay={state}
              onClose={() => setEnrolling(false)}
            />
          )}
          <ConfirmModal
            opened={disabling}
            title="Turn autopay off?"
            confirmLabel="Turn off"
            loading={disable.isPending}
            error={disable.error}
            extra={
              <Radio.Group label="Who asked for it?" value={by} onChange={(value) => setBy(value as AutopayDisabledBy)}>
                <Stack gap={4} mt={4}>
                  <Radio value="customer" label="The customer" />
                  <Radio value="merchant" label="The merchant" />
                </Stack>
              </Radio.Group>
            }
            onConfirm={() =>
              disable.mutate(by, {
                onSuccess: () => {
                  notifySuccess('Autopay turned off');
                  setDisabling(false);
                },
              })
            }
            onClose={() => {
              disable.reset();
              setDisabling(false);
            }}
          >
            {`Account ${accountLabel} will no longer be charged on its due date.`}
          </ConfirmModal>
        </>
      }
    >
      {(state) => (
        <>
          {state.enabled ? (
            <Stack gap={2}>
              <Text size="sm">
                {`${state.customer_name} pays with ${state.payment_method_label}`}
                {state.day === null
                  ? ' once the account has a due date.'
                  : ` on day ${state.day} of each month (next due ${formatCalendarDate(state.due_date)}).`}
              </Text>
              <Text size="xs" c="dimmed">
                {`Enrolled by ${state.enrolled_by_name}, ${formatDateTime(state.enrolled_at, { timeZone })}. No convenience fee is charged on autopay.`}
              </Text>
              {state.authorization && (
                <Text size="xs" c="dimmed">
                  {`Recurring debit authorised ${AUTHORIZATION_METHOD_LABELS[state.authorization.method].toLowerCase()}, ${formatDateTime(state.authorization.authorized_at, { timeZone })}.`}
                </Text>
              )}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {state.disabled_at
                ? `Off since ${formatDateTime(state.disabled_at, { timeZone })}, turned off ${state.disabled_by === 'customer' ? "at the customer's request" : 'by the merchant'}.`
                : 'Not enrolled.'}
            </Text>
          )}
          {state.last_run && (
            <Text size="xs">
              {`Last run for the due date ${formatCalendarDate(state.last_run.due_date)}: ${RUN_WORDS[state.last_run.state]}`}
              {state.last_run.failure_message ? ` (${state.last_run.failure_message})` : ''}
            </Text>
          )}
        </>
      )}
    </AccountSection>
  );
}

function EnrolAutopayModal({
  merchantID,
  customerID,
  accountID,
  accountLabel,
  autopay,
  onClose,
}: {
  merchantID: string;
  customerID: string;
  accountID: string;
  accountLabel: string;
  autopay: Autopay;
  onClose: () => void;
}) {
  const methods = usePaymentMethods(merchantID, customerID);
  const merchant = useMerchant(merchantID);
  const enrol = useEnrolAutopay(merchantID, accountID);
  const [methodID, setMethodID] = useState<string | null>(autopay.enabled ? autopay.payment_method : null);
  const [authorizationMethod, setAuthorizationMethod] = useState<BankAuthorizationMethod | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const saved = methods.data?.results ?? [];
  const chosen = saved.find((method) => method.id === methodID);
  const isBank = chosen?.payment_type === 'bank';
  const terms = chosen
    ? recurringDebitTerms({
        merchantName: merchant.data?.name ?? 'the merchant',
        accountLabel: chosen.label,
        dueDay: autopay.day,
      })
    : null;
  const overCap = autopay.day !== null && autopay.day > AUTOPAY_DUE_DAY_CAP;

  const submit = () => {
    setProblem(null);
    if (!methodID) return setProblem('Choose a payment method.');
    if (isBank && (!authorizationMethod || !agreed)) return setProblem(AUTOPAY_AUTHORIZATION_REQUIRED);
    enrol.mutate(
      {
        customer: customerID,
        payment_method: methodID,
        ...(isBank && authorizationMethod ? { authorization: { method: authorizationMethod } } : {}),
      },
      {
        onSuccess: () => {
          notifySuccess(`Autopay on for account ${accountLabel}`);
          onClose();
        },
      },
    );
  };

  const failure =
    enrol.error instanceof ApiError && Object.keys(enrol.error.fieldErrors).length > 0
      ? Object.values(enrol.error.fieldErrors).flat().join(' ')
      : enrol.error
        ? describeError(enrol.error)
        : null;

  return (
    <Modal opened onClose={onClose} title={`Autopay on account ${accountLabel}`}>
      <Stack gap="sm">
        <Text size="sm">
          {autopay.day === null
            ? 'The amount due is charged on the account’s due date, once it has one.'
            : `The amount due is charged on day ${autopay.day} of each month, the account’s due date. No convenience fee.`}
        </Text>
        {overCap && <Alert color="yellow">{ERROR_MESSAGES['account.due_date.autopay_cap']}</Alert>}
        {methods.data && saved.length === 0 && (
          <Alert color="yellow">Add a card or bank account on the Payment methods tab first.</Alert>
        )}
        <Select
          label="Payment method"
          data={saved.map((method) => ({ value: method.id, label: method.label }))}
          value={methodID}
          onChange={(value) => {
            setMethodID(value);
            setAgreed(false);
          }}
          withAsterisk
        />
        {isBank && terms && (
          <Paper withBorder p="sm" aria-label="Recurring debit authorisation">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Recurring debit authorisation
              </Text>
              <Text size="xs">{terms.terms}</Text>
              <Text size="xs">{`Amount: ${terms.amount_rule}`}</Text>
              <Text size="xs">{`Starts: ${terms.start}`}</Text>
              <Text size="xs">{`How often: ${terms.frequency}`}</Text>
              <Text size="xs">{`To revoke: ${terms.revocation}`}</Text>
              <Select
                label="How the customer gave it"
                data={BANK_AUTHORIZATION_METHODS.map((value) => ({
                  value,
                  label: AUTHORIZATION_METHOD_LABELS[value],
                }))}
                value={authorizationMethod}
                onChange={(value) => setAuthorizationMethod(value as BankAuthorizationMethod | null)}
                withAsterisk
              />
              <Checkbox
                label="The customer agreed to these terms"
                checked={agreed}
                onChange={(event) => setAgreed(event.currentTarget.checked)}
              />
            </Stack>
          </Paper>
        )}
        {(problem ?? failure) && (
          <Alert color="red" role="alert">
            {problem ?? failure}
          </Alert>
        )}
        <DialogActions
          label="Turn on autopay"
          onConfirm={submit}
          onCancel={onClose}
          loading={enrol.isPending}
          disabled={saved.length === 0}
        />
      </Stack>
    </Modal>
  );
}
