import { Box, Button, Fieldset, Group, Radio, Select, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import {
  createMerchantSchema,
  merchantFieldsSchema,
  type Merchant,
  type MerchantCreateInput,
  PLATFORM_MERCHANT_SETTINGS,
  PLATFORM_SETTING_ONLY,
} from '@paydesk/domain/merchants/merchants.contract';
import { isHttpUrl } from '@paydesk/domain/validation/rules';
import { showFormError } from '../../../lib/form-errors';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import { MERCHANT_FLAG_DESCRIPTIONS, MERCHANT_FLAG_LABELS, MERCHANT_FLAGS } from '../types';
import { MerchantLogo } from '../../../components/merchant-logo';
import { submitFocusingErrors } from '../../../lib/focus-errors';

type OrganizationChoice = 'current' | 'new';

export type MerchantFormValues = {
  name: string;
  logo: string;
  in_legacy_app: boolean;
  check_custom_roles: boolean;
  allow_group_message: boolean;
  is_integrated: boolean;
  organization: OrganizationChoice;
  organization_name: string;
  /** A payment code from the free pool, or '' for none. */
  upc: string;
};

type MerchantFormProps = {
  /** The merchant to edit; absent when creating one. */
  merchant?: Merchant;
  /** When creating: the user's own organisation, offered next to a new one. */
  currentOrganization?: { id: string; name: string } | null;
  readOnly?: boolean;
  /** The platform settings (integration, legacy app, custom roles) are the super user's: shown, not editable. */
  platformSettingsLocked?: boolean;
  submitLabel: string;
  /** When creating: the free payment codes to pick from (GET /merchants/available_upc/). */
  paymentCodes?: readonly string[];
  /** Resolves when saved; a rejection's field errors are shown on the fields. */
  onSubmit: (input: MerchantCreateInput) => Promise<unknown>;
};

const FIELDS = ['name', 'logo', 'organization_name', 'upc', ...MERCHANT_FLAGS];

const isPlatformSetting = (flag: string) => (PLATFORM_MERCHANT_SETTINGS as readonly string[]).includes(flag);

const FIELD_MAP: Record<string, string> = { organization_id: 'organization_name' };

// The organisation id comes from the profile, not from typing: it is the server's to check.
const validateCreate = schemaResolver(createMerchantSchema.omit({ organization_id: true }), { sync: true });
const validateChange = schemaResolver(merchantFieldsSchema, { sync: true });

/** The server's checks on the body it would receive, placed on the form's fields. */
function checkInput(input: MerchantCreateInput, creating: boolean): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries((creating ? validateCreate : validateChange)(input))) {
    errors[FIELD_MAP[path] ?? path] = message;
  }
  return errors;
}

function toFormValues(merchant: Merchant | undefined, hasOrganization: boolean): MerchantFormValues {
  return {
    name: merchant?.name ?? '',
    logo: merchant?.logo ?? '',
    in_legacy_app: merchant?.in_legacy_app ?? false,
    check_custom_roles: merchant?.check_custom_roles ?? false,
    allow_group_message: merchant?.allow_group_message ?? false,
    is_integrated: merchant?.is_integrated ?? false,
    organization: hasOrganization ? 'current' : 'new',
    organization_name: '',
    upc: '',
  };
}

/**
 * The merchant's own settings (name, logo and flags), for creating a merchant and for editing it in Settings ›
 * General (the one place they are edited). Creating also picks the organisation: the user's own, or a new one by name.
 */
export function MerchantForm({
  merchant,
  currentOrganization,
  readOnly = false,
  platformSettingsLocked = false,
  paymentCodes = [],
  submitLabel,
  onSubmit,
}: MerchantFormProps) {
  const creating = !merchant;

  /** The body the server receives: PUT's fields, and when creating the organisation, by id or by a new name. */
  const toInput = (values: MerchantFormValues): MerchantCreateInput => {
    const input: MerchantCreateInput = {
      name: values.name.trim(),
      logo: values.logo.trim() || null,
      in_legacy_app: values.in_legacy_app,
      check_custom_roles: values.check_custom_roles,
      allow_group_message: values.allow_group_message,
      is_integrated: values.is_integrated,
    };
    if (creating) {
      if (values.organization === 'current' && currentOrganization) input.organization_id = currentOrganization.id;
      else input.organization_name = values.organization_name.trim();
      if (values.upc) input.upc = values.upc;
    }
    return input;
  };

  const form = useForm<MerchantFormValues>({
    initialValues: toFormValues(merchant, Boolean(currentOrganization)),
    validate: (values) => checkInput(toInput(values), creating),
  });
  // A save in progress may move on (create opens the new merchant); a failed one leaves the form dirty.
  const leavePrompt = useLeavePrompt(!readOnly && form.isDirty() && !form.submitting);

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      await onSubmit(toInput(values));
      if (!creating) form.resetDirty();
    } catch (error) {
      showFormError(form, error, { fields: FIELDS, fieldMap: FIELD_MAP });
    }
  });

  const logo = form.values.logo.trim();
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Fieldset variant="unstyled" disabled={readOnly || form.submitting}>
        <Stack gap="md" maw={560}>
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          {creating && (
            <Stack gap="xs">
              <Radio.Group label="Organization" withAsterisk {...form.getInputProps('organization')}>
                <Stack gap="xs" mt={4}>
                  {currentOrganization && (
                    <Radio value="current" label={`My organization (${currentOrganization.name})`} />
                  )}
                  <Radio value="new" label="A new organization" />
                </Stack>
              </Radio.Group>
              {form.values.organization === 'new' && (
                <TextInput label="Organization name" withAsterisk {...form.getInputProps('organization_name')} />
              )}
            </Stack>
          )}
          {creating && (
            <Select
              label="Payment code"
              description="Printed on its customers' payment slips. Taken from the free codes; it cannot be changed later."
              placeholder="None"
              searchable
              clearable
              nothingFoundMessage="No free payment code matches"
              data={[...paymentCodes]}
              {...form.getInputProps('upc')}
              value={form.values.upc || null}
              onChange={(value) => form.setFieldValue('upc', value ?? '')}
            />
          )}
          {/* The preview sits beside the input itself, so an error line below the input never moves it. */}
          <TextInput
            label="Logo URL"
            placeholder="https://example.com/logo.png"
            type="url"
            inputContainer={(input) => (
              <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="logo-row">
                <Box flex={1} miw={0}>
                  {input}
                </Box>
                <MerchantLogo name={form.values.name || 'Merchant'} logo={isHttpUrl(logo) ? logo : null} size={36} />
              </Group>
            )}
            {...form.getInputProps('logo')}
          />
          <Stack gap="sm" mt="xs">
            {MERCHANT_FLAGS.map((flag) => (
              <Switch
                key={flag}
                label={MERCHANT_FLAG_LABELS[flag]}
                description={
                  platformSettingsLocked && isPlatformSetting(flag)
                    ? `${MERCHANT_FLAG_DESCRIPTIONS[flag]} ${PLATFORM_SETTING_ONLY}.`
                    : MERCHANT_FLAG_DESCRIPTIONS[flag]
                }
                disabled={platformSettingsLocked && isPlatformSetting(flag)}
                {...form.getInputProps(flag, { type: 'checkbox' })}
              />
            ))}
          </Stack>
          {!readOnly && (
            <Group mt="sm">
              <Button type="submit" loading={form.submitting}>
                {submitLabel}
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
      {leavePrompt}
    </form>
  );
}
