import {
  ActionIcon,
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { ATTACHMENT_ACCEPT, checkAttachment, describeLength, maySend } from '../chat-rules';

export type TemplateChoice = { id: string; name: string };

export type ComposerProps = {
  body: string;
  onBodyChange: (body: string) => void;
  /** SPEC §6: without free typing, the body is only ever a chosen template's render. */
  canFreeType: boolean;
  templates: TemplateChoice[];
  /** The chosen template, in template-only mode. */
  templateId: string | null;
  onTemplateChange: (templateId: string | null) => void;
  /** While a chosen template is rendered for this customer. */
  rendering?: boolean;
  /** Sends the body and the attachment (the pane shows the message as pending meanwhile). */
  onSend: (message: { body: string; file: File | null }) => void;
  /** The last send answered that it is outside the customer's texting hours. */
  outsideSendWindow?: boolean;
  disabled?: boolean;
};

/**
 * The chat composer (SPEC §5 Chat): Enter sends and shift+Enter adds a newline; an empty body is ignored unless a file
 * is attached; attachments are images or PDF of at most 1 MB; a character and segment counter under it.
 */
export function Composer({
  body,
  onBodyChange,
  canFreeType,
  templates,
  templateId,
  onTemplateChange,
  rendering = false,
  onSend,
  outsideSendWindow = false,
  disabled = false,
}: ComposerProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const ready = !disabled && !rendering && maySend(body, file !== null);

  const send = () => {
    if (!ready) return;
    onSend({ body: body.trim(), file });
    setFile(null);
    setFileError(null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const pickFile = (picked: File | null) => {
    if (!picked) return;
    const problem = checkAttachment(picked);
    setFileError(problem);
    setFile(problem ? null : picked);
  };

  return (
    <Stack gap={6}>
      {outsideSendWindow && (
        <Alert color="yellow" variant="light" p="xs">
          It is outside the customer&apos;s texting hours. Your reply was not held, but the customer may be asleep.
        </Alert>
      )}
      {!canFreeType && (
        <Select
          label="Template"
          description="You may send one of the merchant's templates."
          placeholder="Choose a template"
          data={templates.map((template) => ({ value: template.id, label: template.name }))}
          value={templateId}
          onChange={onTemplateChange}
          searchable
          clearable
          nothingFoundMessage="No active template"
          disabled={disabled}
        />
      )}
      <Textarea
        label="Message"
        placeholder={canFreeType ? 'Type a message. Enter sends, shift+Enter adds a line.' : undefined}
        value={body}
        onChange={(event) => onBodyChange(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        readOnly={!canFreeType}
        autosize
        minRows={2}
        maxRows={6}
        disabled={disabled}
        description={describeLength(body)}
        inputWrapperOrder={['label', 'input', 'description']}
      />
      <Group justify="flex-end" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          {canFreeType && (
            <FileButton onChange={pickFile} accept={ATTACHMENT_ACCEPT} disabled={disabled}>
              {(props) => (
                <ActionIcon {...props} variant="default" size="lg" aria-label="Attach a file">
                  <IconPaperclip size={18} />
                </ActionIcon>
              )}
            </FileButton>
          )}
          <Button leftSection={<IconSend size={16} />} onClick={send} disabled={!ready}>
            Send
          </Button>
        </Group>
      </Group>
      {file && (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" truncate>
            Attached: {file.name}
          </Text>
          <CloseButton size="sm" aria-label={`Remove ${file.name}`} onClick={() => setFile(null)} />
        </Group>
      )}
      {fileError && (
        <Text role="alert" size="sm" c="red.8">
          {fileError}
        </Text>
      )}
    </Stack>
  );
}
