import { Badge, Checkbox, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CARD_BRAND_LABELS, cardBrandOf, cardDigits } from '@paydesk/domain/payments/card-entry';
import {
  bankAuthorizationText,
  binOf,
  emptyMethodEntry,
  type MethodEntryKind,
  type MethodEntryValues,
} from '@paydesk/domain/payments/method-entry';
import { BANK_AUTHORIZATION_METHODS, type BankAuthorizationMethod } from '@paydesk/domain/payments/payments';
import { useBin } from '../../api/payments';

const AUTHORIZATION_METHOD_LABELS: Record<BankAuthorizationMethod, string> = {
  phone: 'By phone',
  in_person: 'In person',
  web: 'On the web',
};

/** What the BIN lookup says of the card being typed (brand and credit, debit or prepaid), or the number's brand. */
export function useCardKind(merchantID: string, number: string) {
  const bin = binOf(number);
  const lookup = useBin(merchantID, bin);
  const digits = cardDigits(number);
  const typedBrand = digits.length >= 4 ? cardBrandOf(digits) : null;
  return { bin, lookup: bin ? (lookup.data ?? null) : null, typedBrand };
}

/**
 * A new card or bank account's fields, bound to a `@mantine/form` form checked by the domain's `methodEntrySchema`.
 * The card's brand and funding show as soon as 6 digits are typed (the BIN lookup). With `switchKind`, a Card /
 * Bank account switch (the Take payment dialog); the Payment methods tab opens one kind.
 */
export function MethodEntryFields({
  form,
  merchantID,
  merchantName,
  switchKind = false,
  withNickname = true,
}: {
  form: UseFormReturnType<MethodEntryValues>;
  merchantID: string;
  merchantName: string;
  switchKind?: boolean;
  withNickname?: boolean;
}) {
  const values = form.getValues();
  return (
    <Stack gap="sm">
      {switchKind && (
        <SegmentedControl
          aria-label="Kind of payment method"
          value={values.kind}
          onChange={(kind) => {
            form.setValues(emptyMethodEntry(kind as MethodEntryKind));
            form.clearErrors();
          }}
          data={[
            { value: 'card', label: 'Card' },
            { value: 'bank', label: 'Bank account' },
          ]}
        />
      )}
      {values.kind === 'card' ? (
        <CardFields form={form} merchantID={merchantID} />
      ) : (
        <BankFields form={form} merchantName={merchantName} />
      )}
      {withNickname && <TextInput label="Nickname" maxLength={60} {...form.getInputProps('nickname')} />}
    </Stack>
  );
}

function CardFields({ form, merchantID }: { form: UseFormReturnType<MethodEntryValues>; merchantID: string }) {
  const { lookup, typedBrand } = useCardKind(merchantID, form.getValues().number);
  const brand = lookup ? lookup.card_type || CARD_BRAND_LABELS[lookup.card_brand] : null;
  return (
    <>
      <TextInput
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        withAsterisk
        description={!lookup && typedBrand && typedBrand !== 'unknown' ? CARD_BRAND_LABELS[typedBrand] : undefined}
        {...form.getInputProps('number')}
      />
      {lookup && (
        <Group gap="xs" aria-live="polite" aria-label="Card found">
          <Badge variant="light">{brand}</Badge>
          <Badge variant="light" color={lookup.funding === 'credit' ? 'indigo' : 'teal'}>
            {lookup.funding === 'debit' ? 'Debit' : lookup.funding === 'prepaid' ? 'Prepaid' : 'Credit'}
          </Badge>
        </Group>
      )}
      <SimpleGrid cols={2}>
        <TextInput label="Expiry (MM/YY)" autoComplete="cc-exp" withAsterisk {...form.getInputProps('expiry')} />
        <TextInput
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          withAsterisk
          {...form.getInputProps('cvc')}
        />
      </SimpleGrid>
    </>
  );
}

function BankFields({ form, merchantName }: { form: UseFormReturnType<MethodEntryValues>; merchantName: string }) {
  const authorization = bankAuthorizationText(merchantName, form.getValues().holder.trim());
  return (
    <>
      <TextInput label="Account holder" withAsterisk {...form.getInputProps('holder')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="Routing number" inputMode="numeric" withAsterisk {...form.getInputProps('routing')} />
        <TextInput label="Account number" inputMode="numeric" withAsterisk {...form.getInputProps('account')} />
      </SimpleGrid>
      <Text size="sm" p="sm" bg="gray.0" style={{ borderRadius: 4 }} data-testid="authorization-text">
        {authorization}
      </Text>
      <Select
        label="How the customer gave it"
        data={BANK_AUTHORIZATION_METHODS.map((value) => ({ value, label: AUTHORIZATION_METHOD_LABELS[value] }))}
        allowDeselect={false}
        {...form.getInputProps('how')}
      />
      <Checkbox label="The customer gave this authorisation" {...form.getInputProps('agreed', { type: 'checkbox' })} />
    </>
  );
}
