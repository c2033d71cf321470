import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useRef } from 'react';
import { downloadText } from '../lib/read-csv';
import { SAMPLE_CSV } from '../lib/sample-csv';

/** CSV files as browsers and systems name them (Windows often says Excel for .csv). */
const CSV_TYPES = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'], 'text/plain': ['.csv'] };
export const NOT_A_CSV_FILE = 'Choose a CSV file (.csv).';

type UploadStepProps = {
  /** Called with the chosen file, or null when the file dropped is not a CSV file. */
  onFile: (file: File | null) => void;
  error: string | null;
  loading: boolean;
};

/**
 * The upload step: a drop zone for the CSV file with a "Choose file" button (the keyboard's and phones' way in), and
 * a sample file to start from.
 */
export function UploadStep({ onFile, error, loading }: UploadStepProps) {
  const openRef = useRef<() => void>(null);
  return (
    <Stack gap="sm">
      <Text>
        Choose a CSV file with a header row: one customer and account per row. Files up to 20 MB and 100,000 rows. Rows
        whose external ID matches an existing account update it: only the columns you map, and only where the row has a
        value.
      </Text>
      <Dropzone
        openRef={openRef}
        onDrop={(files) => onFile(files[0] ?? null)}
        onReject={() => onFile(null)}
        accept={CSV_TYPES}
        multiple={false}
        activateOnClick={false}
        loading={loading}
        inputProps={{ 'aria-label': 'CSV file' }}
        aria-describedby={error ? 'import-file-error' : undefined}
      >
        <Stack align="center" gap="xs" py="lg" style={{ pointerEvents: 'none' }}>
          <Text fw={500} ta="center">
            Drop the CSV file here
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            or
          </Text>
          <Button style={{ pointerEvents: 'all' }} onClick={() => openRef.current?.()}>
            Choose file
          </Button>
        </Stack>
      </Dropzone>
      {error && (
        <Text id="import-file-error" c="red.9" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group gap="xs">
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => downloadText('paydesk-customers-sample.csv', SAMPLE_CSV)}
        >
          Download a sample CSV
        </Anchor>
        <Text size="sm" c="dimmed">
          with every column the import reads; put your locations&apos; and tags&apos; names in it.
        </Text>
      </Group>
    </Stack>
  );
}
