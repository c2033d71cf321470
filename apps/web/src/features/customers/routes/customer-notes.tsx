import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { noteInputSchema, NOTE_MAX_LENGTH, type CustomerNote } from '@paydesk/domain/customers/customers.contract';
import { formatDateTime } from '@paydesk/domain/format/date';
import { formatFullName } from '@paydesk/domain/format/user';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { showFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { useLeavePrompt } from '../../../lib/use-leave-prompt';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useAddNote, useDeleteNote, useEditNote } from '../api/customers-mutations';
import { useCustomerNotes } from '../api/customers-queries';
import { useCustomerContext, type CustomerContext } from '../hooks/customer-context';
import { submitFocusingErrors } from '../../../lib/focus-errors';

const validateNote = schemaResolver(noteInputSchema, { sync: true });

type NoteFormProps = {
  label: string;
  submitLabel: string;
  initialBody?: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
};

function NoteForm({ label, submitLabel, initialBody = '', onSubmit, onCancel }: NoteFormProps) {
  const form = useForm({ initialValues: { body: initialBody }, validate: validateNote });
  const leavePrompt = useLeavePrompt(form.isDirty() && !form.submitting);
  const handleSubmit = submitFocusingErrors(form, async (values) => {
    try {
      await onSubmit(values.body.trim());
      form.setInitialValues({ body: initialBody });
      form.reset();
    } catch (error) {
      showFormError(form, error, { fields: ['body'] });
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        <Textarea label={label} rows={3} maxLength={NOTE_MAX_LENGTH} {...form.getInputProps('body')} />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={form.submitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
      {leavePrompt}
    </form>
  );
}

/**
 * Notes on the customer, newest first: anyone at the merchant adds one; its author edits and deletes it (noteUpdate),
 * and so do administrators.
 */
export function CustomerNotesRoute({ context }: { context?: CustomerContext }) {
  const { merchantID, customer, access } = useCustomerContext(context);
  const timeZone = useMerchantTimeZone(merchantID);
  const notes = useCustomerNotes(merchantID, customer.id);
  const addNote = useAddNote(merchantID, customer.id);
  const editNote = useEditNote(merchantID, customer.id);
  const deleteNote = useDeleteNote(merchantID, customer.id);
  const [editingID, setEditingID] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CustomerNote | null>(null);
  const changeable = (note: CustomerNote) => !customer.removed && access.canChangeNote(note);

  return (
    <Stack gap="md">
      {!customer.removed && (
        <Paper withBorder p="lg">
          <NoteForm
            label="New note"
            submitLabel="Add note"
            onSubmit={async (body) => {
              await addNote.mutateAsync({ body });
              notifySuccess('Note added');
            }}
          />
        </Paper>
      )}
      {!notes.data ? (
        <QueryState error={notes.error} loadingLabel="Loading notes" errorTitle="Notes could not be loaded" />
      ) : notes.data.results.length === 0 ? (
        <Text c="dimmed">No notes yet.</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notes">
          {notes.data.results.map((note) => (
            <Paper key={note.id} withBorder p="md" component="li">
              {editingID === note.id ? (
                <NoteForm
                  label="Edit note"
                  submitLabel="Save note"
                  initialBody={note.body}
                  onSubmit={async (body) => {
                    await editNote.mutateAsync({ noteID: note.id, input: { body } });
                    notifySuccess('Note saved');
                    setEditingID(null);
                  }}
                  onCancel={() => setEditingID(null)}
                />
              ) : (
                <NoteView
                  note={note}
                  timeZone={timeZone}
                  onEdit={changeable(note) ? () => setEditingID(note.id) : undefined}
                  onDelete={changeable(note) ? () => setDeleting(note) : undefined}
                />
              )}
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title="Delete note?"
        confirmLabel="Delete"
        loading={deleteNote.isPending}
        error={deleteNote.error}
        onConfirm={() => {
          if (!deleting) return;
          deleteNote.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess('Note deleted');
              setDeleting(null);
            },
          });
        }}
        onClose={() => {
          deleteNote.reset();
          setDeleting(null);
        }}
      >
        Are you sure you would like to delete this note? The customer’s history keeps its text.
      </ConfirmModal>
    </Stack>
  );
}

function NoteView({
  note,
  timeZone,
  onEdit,
  onDelete,
}: {
  note: CustomerNote;
  timeZone: string | undefined;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const author = note.author ? formatFullName(note.author) : 'System';
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {`${author} · ${formatDateTime(note.created, { timeZone })}${note.edited ? ` · edited ${formatDateTime(note.edited, { timeZone })}` : ''}`}
        </Text>
        <Group gap={4}>
          {onEdit && (
            <Button size="compact-sm" variant="subtle" onClick={onEdit}>
              Edit
            </Button>
          )}
          {onDelete && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {note.body}
      </Text>
    </Stack>
  );
}
