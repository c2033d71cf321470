import { Badge, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  REQUIRED_IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
} from '@paydesk/domain/customers/customer-imports.contract';

type MappingStepProps = {
  columns: string[];
  mapping: ImportMapping;
  errors: Partial<Record<ImportField, string>>;
  onChange: (mapping: ImportMapping) => void;
};

/** The file's columns, and one select per import field naming the column it comes from. */
export function MappingStep({ columns, mapping, errors, onChange }: MappingStepProps) {
  return (
    <Stack gap="md">
      <div>
        <Text fw={500} mb={4}>
          Columns in the file
        </Text>
        <Group gap={6} aria-label="Columns in the file" role="list">
          {columns.map((column) => (
            <Badge key={column} variant="light" tt="none" role="listitem">
              {column}
            </Badge>
          ))}
        </Group>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {IMPORT_FIELDS.map((field) => (
          <Select
            key={field}
            label={IMPORT_FIELD_LABELS[field]}
            placeholder="Not imported"
            withAsterisk={REQUIRED_IMPORT_FIELDS.includes(field)}
            data={columns}
            value={mapping[field] ?? null}
            onChange={(value) => onChange({ ...mapping, [field]: value })}
            clearable
            allowDeselect
            error={errors[field]}
            comboboxProps={{ withinPortal: false }}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
