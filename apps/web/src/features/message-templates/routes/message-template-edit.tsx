import { NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { templateTypeDisplayName } from '@paydesk/domain/message-templates/template-types';
import { TIMING_RELATIONS, changeRelation, type TimingRelation } from '@paydesk/domain/message-templates/timing';
import { useTemplateEditor } from './message-template-editor';

/** The editor's form (MessageTemplateEdit): name and timing, with SPEC §4's timing rules. */
export function MessageTemplateEditRoute() {
  const { form } = useTemplateEditor();
  const { relation, days, type } = form.values;

  const handleRelation = (value: string | null) => {
    if (!value) return;
    const next = changeRelation({ relation, days: days === '' ? null : Number(days), type }, value as TimingRelation);
    form.setValues({ relation: next.relation, days: next.days ?? '', type: next.type });
  };

  return (
    <Stack gap="md">
      <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
      <Text size="sm">
        <Text span fw={500}>
          Type:{' '}
        </Text>
        {templateTypeDisplayName(type)}
      </Text>
      <Select
        label="Timing"
        data={TIMING_RELATIONS.map((entry) => ({ value: entry.value, label: entry.label }))}
        value={relation}
        onChange={handleRelation}
        allowDeselect={false}
        error={form.errors.relation}
      />
      {relation !== 'none' && (
        <NumberInput
          label="Days"
          description="Days from the due date"
          disabled={relation === 'on'}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('days')}
        />
      )}
    </Stack>
  );
}
