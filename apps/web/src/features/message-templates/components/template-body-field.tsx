import { Alert, Button, Group, Menu, Stack, Text, Textarea } from '@mantine/core';
import { TEMPLATE_SMS_MAX, TEMPLATE_SMS_WARN_ABOVE } from '@paydesk/domain/constants';
import { MERGE_FIELDS, hasOptOutLine, mergeFieldToken } from '@paydesk/domain/message-templates/merge-fields';
import { isSystemTemplateType } from '@paydesk/domain/message-templates/template-types';
import { countSmsSegments, ucs2Note } from '@paydesk/domain/messages/sms-segments';
import { useRef } from 'react';
import { useTemplateEditor } from '../routes/message-template-editor';

/**
 * The one body the editor keeps for text and email (SPEC §3): the merge-field picker inserts at the cursor; the text
 * counter turns red above 290 of 300 (SPEC §5); the SMS segments of the body as typed; a collection text without an
 * opt-out line is flagged.
 */
export function TemplateBodyField({ label, showSms }: { label: string; showSms: boolean }) {
  const { form } = useTemplateEditor();
  const ref = useRef<HTMLTextAreaElement>(null);
  const body = form.values.body;
  const segments = countSmsSegments(body);
  const note = ucs2Note(segments);
  const collection = !isSystemTemplateType(form.values.type);

  const insertField = (token: string) => {
    const element = ref.current;
    const start = element?.selectionStart ?? body.length;
    const end = element?.selectionEnd ?? body.length;
    form.setFieldValue('body', body.slice(0, start) + token + body.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Text fw={500} size="sm" component="label" htmlFor="template-body">
          {label}
        </Text>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="light" size="compact-sm">
              Insert merge field
            </Button>
          </Menu.Target>
          <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
            {MERGE_FIELDS.map((field) => (
              <Menu.Item key={field.name} onClick={() => insertField(mergeFieldToken(field.name))}>
                {field.label}{' '}
                <Text span c="dimmed" size="xs">
                  {mergeFieldToken(field.name)}
                </Text>
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Textarea id="template-body" ref={ref} autosize minRows={4} {...form.getInputProps('body')} />
      {showSms && (
        <>
          <Group justify="space-between">
            <Text size="sm" c={body.length > TEMPLATE_SMS_WARN_ABOVE ? 'red' : 'dimmed'} data-testid="template-counter">
              {`${body.length}/${TEMPLATE_SMS_MAX}`}
            </Text>
            <Text size="sm" c="dimmed">
              {`${segments.segments} SMS ${segments.segments === 1 ? 'segment' : 'segments'} (${segments.encoding})`}
            </Text>
          </Group>
          {note && (
            <Alert color="yellow" variant="light" p="xs">
              {note}
            </Alert>
          )}
          {collection && body.trim() !== '' && !hasOptOutLine(body) && (
            <Alert color="yellow" variant="light" p="xs">
              This text has no opt-out line. Add one such as “Reply STOP to opt out.”
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
