import { Button, Fieldset, Group, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { helpReplyText } from '@paydesk/domain/messaging/keywords';
import {
  HELP_CONTACT_MAX_LENGTH,
  messagingSettingsInput,
  type MessagingSettings,
  type MessagingSettingsInput,
} from '@paydesk/domain/messaging/messaging-settings.contract';
import { DEFAULT_SEND_WINDOW, formatMinuteOfDay } from '@paydesk/domain/messaging/quiet-hours';
import { showFormError } from '../../../lib/form-errors';
import { submitFocusingErrors } from '../../../lib/focus-errors';
import { notifySuccess } from '../../../lib/notify';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';

type FormValues = {
  help_contact: string;
  opt_out_line: boolean;
  narrower_window: boolean;
  window_start_minute: string | null;
  window_end_minute: string | null;
};

const FIELDS = ['help_contact', 'opt_out_line', 'window_start_minute', 'window_end_minute'];
const HALF_HOUR = 30;

/** Every half hour from 8:00 AM to 9:00 PM, as Select options (value: minutes after midnight). */
export const WINDOW_TIME_OPTIONS = Array.from(
  { length: (DEFAULT_SEND_WINDOW.end - DEFAULT_SEND_WINDOW.start) / HALF_HOUR + 1 },
  (_, index) => {
    const minutes = DEFAULT_SEND_WINDOW.start + index * HALF_HOUR;
    return { value: String(minutes), label: formatMinuteOfDay(minutes) };
  },
);

function valuesOf(settings: MessagingSettings): FormValues {
  const narrower = settings.window_start_minute !== null && settings.window_end_minute !== null;
  return {
    help_contact: settings.help_contact ?? '',
    opt_out_line: settings.opt_out_line,
    narrower_window: narrower,
    window_start_minute: narrower ? String(settings.window_start_minute) : null,
    window_end_minute: narrower ? String(settings.window_end_minute) : null,
  };
}

function bodyOf(values: FormValues): MessagingSettingsInput {
  const minute = (value: string | null) => (value === null || value === '' ? null : Number(value));
  return {
    help_contact: values.help_contact.trim() || null,
    opt_out_line: values.opt_out_line,
    window_start_minute: values.narrower_window ? minute(values.window_start_minute) : null,
    window_end_minute: values.narrower_window ? minute(values.window_end_minute) : null,
  };
}

/** The server's rules (packages/domain), for instant feedback: each message on its field. */
function validate(values: FormValues): FormErrors {
  const result = messagingSettingsInput.safeParse(bodyOf(values));
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

type MessagingSettingsFormProps = {
  merchantName: string;
  settings: MessagingSettings;
  onSave: (body: MessagingSettingsInput) => Promise<unknown>;
};

/**
 * The HELP contact (with a preview of the HELP answer), the opt-out line on collection texts, and a sending window
 * narrower than 8 AM–9 PM for automated and bulk texts. Server field errors land on the fields.
 */
export function MessagingSettingsForm({ merchantName, settings, onSave }: MessagingSettingsFormProps) {
  const form = useForm<FormValues>({ initialValues: valuesOf(settings), validate });
  const leavePrompt = useLeavePrompt(form.isDirty() && !form.submitting);

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      await onSave(bodyOf(values));
      form.resetDirty();
      notifySuccess('Messaging settings saved');
    } catch (error) {
      showFormError(form, error, { fields: FIELDS });
    }
  });

  const contact = form.values.help_contact.trim() || null;
  return (
    <form onSubmit={handleSubmit} noValidate>
      {leavePrompt}
      <Fieldset variant="unstyled" disabled={form.submitting}>
        <Stack gap="lg" maw={640}>
          <Stack gap="xs">
            <Title order={2} size="h4">
              Sending window
            </Title>
            <Text size="sm" c="dimmed">
              Automated and bulk texts wait until the window opens, in each customer’s local time (from the phone’s area
              code, else the merchant’s time zone). The default is {formatMinuteOfDay(DEFAULT_SEND_WINDOW.start)}–
              {formatMinuteOfDay(DEFAULT_SEND_WINDOW.end)}. A person’s reply from the inbox is not held.
            </Text>
            <Switch
              label="Use a narrower window"
              {...form.getInputProps('narrower_window', { type: 'checkbox' })}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                form.setFieldValue('narrower_window', on);
                if (on && form.values.window_start_minute === null) {
                  form.setFieldValue('window_start_minute', String(DEFAULT_SEND_WINDOW.start));
                  form.setFieldValue('window_end_minute', String(DEFAULT_SEND_WINDOW.end));
                }
              }}
            />
            {form.values.narrower_window && (
              <Group grow align="flex-start">
                <Select
                  label="Send from"
                  data={WINDOW_TIME_OPTIONS}
                  allowDeselect={false}
                  withAsterisk
                  {...form.getInputProps('window_start_minute')}
                />
                <Select
                  label="Until"
                  data={WINDOW_TIME_OPTIONS}
                  allowDeselect={false}
                  withAsterisk
                  {...form.getInputProps('window_end_minute')}
                />
              </Group>
            )}
          </Stack>

          <Stack gap="xs">
            <Title order={2} size="h4">
              Opt-out line
            </Title>
            <Switch
              label="Add “Reply STOP to opt out” to collection texts"
              {...form.getInputProps('opt_out_line', { type: 'checkbox' })}
            />
          </Stack>

          <Stack gap="xs">
            <Title order={2} size="h4">
              HELP answer
            </Title>
            <TextInput
              label="Contact for HELP and INFO replies"
              description="A phone number, an email or a short address customers can reach you at."
              maxLength={HELP_CONTACT_MAX_LENGTH + 20}
              {...form.getInputProps('help_contact')}
            />
            <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
              <Text size="xs" c="dimmed">
                A customer who texts HELP gets:
              </Text>
              <Text size="sm" data-testid="help-preview">
                {helpReplyText({ name: merchantName, contact })}
              </Text>
            </Paper>
          </Stack>

          <Group>
            <Button type="submit" loading={form.submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
