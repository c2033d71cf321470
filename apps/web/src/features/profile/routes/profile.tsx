import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { PasswordInput } from '../../../components/password-input';
import { schemaResolver, useForm } from '@mantine/form';
import { profileNameSchema, profilePasswordFormSchema, type Profile } from '@paydesk/domain/profile/profile.contract';
import { submitFocusingErrors } from '../../../lib/focus-errors';
import { showFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session-state';
import { changeProfilePassword, updateProfileName } from '../api/update-profile';

export const NAME_SAVED = 'Your name has been saved';
export const PASSWORD_CHANGED = 'Your password has been changed. Your other sign-ins have been signed out.';

const NAME_FIELDS = ['first_name', 'last_name'] as const;
const PASSWORD_FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

/** /profile ("My profile" in the user menu): the signed-in user's own name and password. */
export function ProfileRoute() {
  const { profile } = useSession();
  if (!profile) return null;
  return (
    <Stack gap="lg" maw={560}>
      <div>
        <Title order={1}>My profile</Title>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {profile.email}
        </Text>
      </div>
      <NameForm profile={profile} />
      <PasswordForm />
    </Stack>
  );
}

function NameForm({ profile }: { profile: Profile }) {
  const { reloadProfile } = useSession();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { first_name: profile.first_name, last_name: profile.last_name },
    validate: schemaResolver(profileNameSchema, { sync: true }),
  });
  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      const saved = await updateProfileName(values);
      form.setInitialValues({ first_name: saved.first_name, last_name: saved.last_name });
      form.setValues({ first_name: saved.first_name, last_name: saved.last_name });
      await reloadProfile();
      notifySuccess(NAME_SAVED);
    } catch (error) {
      showFormError(form, error, { fields: NAME_FIELDS });
    }
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-name-title">
      <form noValidate onSubmit={handleSubmit}>
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-name-title">
            Name
          </Title>
          <TextInput
            label="First name"
            autoComplete="given-name"
            withAsterisk
            key={form.key('first_name')}
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            withAsterisk
            key={form.key('last_name')}
            {...form.getInputProps('last_name')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordForm() {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    validate: schemaResolver(profilePasswordFormSchema, { sync: true }),
  });
  const handleSubmit = submitFocusingErrors(form, async ({ current_password, new_password }) => {
    try {
      await changeProfilePassword({ current_password, new_password });
      form.reset();
      notifySuccess(PASSWORD_CHANGED);
    } catch (error) {
      showFormError(form, error, { fields: PASSWORD_FIELDS });
    }
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-password-title">
      <form noValidate onSubmit={handleSubmit}>
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-password-title">
            Change password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            withAsterisk
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters with a lowercase and an uppercase letter, a number and a special character."
            autoComplete="new-password"
            withAsterisk
            key={form.key('new_password')}
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            withAsterisk
            key={form.key('confirm_password')}
            {...form.getInputProps('confirm_password')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
