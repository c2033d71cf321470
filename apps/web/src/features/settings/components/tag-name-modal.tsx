import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { accountTagInputSchema, type AccountTag, type AccountTagInput } from '@paydesk/domain/tags/tags.contract';
import { useEffect } from 'react';
import { showFormError } from '../../../lib/form-errors';
import { submitFocusingErrors } from '../../../lib/focus-errors';

type TagNameModalProps = {
  opened: boolean;
  /** The tag to rename; a new tag when null. */
  tag: AccountTag | null;
  onSubmit: (input: AccountTagInput) => Promise<void>;
  onClose: () => void;
};

const validate = schemaResolver(accountTagInputSchema, { sync: true });

/** Adds a tag or renames one: its name, checked with the API's own schema; the server's field errors on the field. */
export function TagNameModal({ opened, tag, onSubmit, onClose }: TagNameModalProps) {
  const form = useForm<AccountTagInput>({ initialValues: { name: '' }, validate });
  const { setValues, resetDirty } = form;
  const tagName = tag?.name ?? '';

  useEffect(() => {
    if (!opened) return;
    setValues({ name: tagName });
    resetDirty({ name: tagName });
    // The form's helpers are stable across renders; the name is what the dialog opens with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, tagName]);

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      await onSubmit({ name: values.name.trim() });
      handleClose();
    } catch (error) {
      showFormError(form, error, { fields: ['name'] });
    }
  });

  const title = tag ? 'Rename tag' : 'Add tag';
  return (
    <Modal opened={opened} onClose={handleClose} title={title} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" withAsterisk data-autofocus maxLength={60} {...form.getInputProps('name')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {tag ? 'Save name' : 'Add tag'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
