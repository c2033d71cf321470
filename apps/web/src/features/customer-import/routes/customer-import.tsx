import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IMPORT_FIELDS,
  guessMapping,
  mappingErrors,
  type CustomerImport,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
} from '@paydesk/domain/customers/customer-imports.contract';
import type { ConsentChannel } from '@paydesk/domain/customers/customers.contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { describeError, notifyError } from '../../../lib/notify';
import {
  getImportReportCsv,
  useImportMapping,
  useImportProgress,
  usePreviewImport,
  useStartImport,
} from '../api/customer-imports';
import { ImportOptInConfirm } from '../components/import-opt-in-confirm';
import { ImportSummary } from '../components/import-summary';
import { MappingStep } from '../components/mapping-step';
import { PreviewStep } from '../components/preview-step';
import { NOT_A_CSV_FILE, UploadStep } from '../components/upload-step';
import { downloadText, readCsvFile, type ReadCsv } from '../lib/read-csv';
import { formatCount } from '@paydesk/domain/format/count';

const STEPS = ['Upload', 'Map columns', 'Preview', 'Import', 'Result'] as const;
type Step = 0 | 1 | 2 | 3 | 4;

/** The remembered mapping where its columns are in this file, else a guess from the headers. */
function initialMapping(columns: string[], remembered: ImportMapping | undefined): ImportMapping {
  const guessed = guessMapping(columns);
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const saved = remembered?.[field];
    const column = saved && columns.includes(saved) ? saved : guessed[field];
    if (column) mapping[field] = column;
  }
  return mapping;
}

/** The server's refusal as lines to show: a file problem, mapping problems or its detail. */
function uploadProblems(error: unknown): string[] {
  if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
    return Object.values(error.fieldErrors).flat();
  }
  return [describeError(error)];
}

/** /merchants/:merchantID/customers/import: Upload → Map → Preview → Import (progress) → Result. */
export function CustomerImportRoute() {
  const { merchantID = '' } = useParams();
  const remembered = useImportMapping(merchantID);
  const startImport = useStartImport(merchantID);
  const previewImport = usePreviewImport(merchantID);
  const [step, setStep] = useState<Step>(0);
  const [csv, setCsv] = useState<ReadCsv | null>(null);
  const [blankClears, setBlankClears] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [confirmingOptIns, setConfirmingOptIns] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [showMappingErrors, setShowMappingErrors] = useState(false);
  const [importID, setImportID] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const progress = useImportProgress(merchantID, importID);
  const current = progress.data;
  const finished = current?.status === 'completed' || current?.status === 'failed';
  const shownStep: Step = step === 3 && finished ? 4 : step;

  const errors: Partial<Record<ImportField, string>> = csv ? mappingErrors(mapping, csv.columns) : {};

  async function chooseFile(chosen: File | null) {
    setCsv(null);
    setFileError(null);
    if (!chosen) {
      setFileError(NOT_A_CSV_FILE);
      return;
    }
    try {
      const read = await readCsvFile(chosen);
      setCsv(read);
      setMapping(initialMapping(read.columns, remembered.data?.mapping));
      setBlankClears(remembered.data?.blank_clears ?? false);
      setShowMappingErrors(false);
      setStep(1);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    }
  }

  /** The preview step: the server checks every row and says what the import will do. */
  async function showPreview() {
    if (!csv) return;
    setProblems([]);
    setPreview(null);
    setStep(2);
    try {
      setPreview(await previewImport.mutateAsync({ csv: csv.text, mapping, blank_clears: blankClears }));
    } catch (error) {
      setProblems(uploadProblems(error));
    }
  }

  async function runImport(affirmations: Partial<Record<ConsentChannel, string>> = {}) {
    if (!csv) return;
    setProblems([]);
    try {
      const created = await startImport.mutateAsync({
        file_name: csv.fileName,
        csv: csv.text,
        mapping,
        blank_clears: blankClears,
        text_opt_in_affirmation: affirmations.sms ?? null,
        email_opt_in_affirmation: affirmations.email ?? null,
      });
      setConfirmingOptIns(false);
      setImportID(created.id);
      setStep(3);
    } catch (error) {
      setConfirmingOptIns(false);
      setProblems(uploadProblems(error));
    }
  }

  const optsIn = preview !== null && (preview.opt_in_rows.sms > 0 || preview.opt_in_rows.email > 0);
  const willImport = preview ? preview.create + preview.update : 0;

  async function downloadReport(done: CustomerImport) {
    try {
      const csvText = await getImportReportCsv(merchantID, done.id);
      downloadText(`${done.file_name.replace(/\.csv$/i, '')}-failed-rows.csv`, csvText);
    } catch (error) {
      notifyError(error);
    }
  }

  function restart() {
    setStep(0);
    setCsv(null);
    setPreview(null);
    setImportID(null);
    setProblems([]);
  }

  return (
    <Stack gap="md" maw={1200}>
      <title>Import customers · Paydesk</title>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to={`/merchants/${merchantID}/customers`} size="sm">
          Customers
        </Anchor>
        <Text size="sm" aria-current="page">
          Import customers
        </Text>
      </Breadcrumbs>
      <Title order={1}>Import customers</Title>
      <Text c="dimmed" size="sm" aria-live="polite">
        Step {shownStep + 1} of {STEPS.length}: {STEPS[shownStep]}
      </Text>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        {shownStep === 0 &&
          // The remembered mapping first, so the file's mapping starts from it.
          (remembered.isPending ? (
            <Loader size="sm" aria-label="Loading the remembered mapping" />
          ) : (
            <UploadStep onFile={(chosen) => void chooseFile(chosen)} error={fileError} loading={false} />
          ))}

        {shownStep === 1 && csv && (
          <Stack gap="md">
            <Text>
              {csv.fileName}: {formatCount(csv.rows.length)} rows. Choose the column each field comes from.
            </Text>
            <MappingStep
              columns={csv.columns}
              mapping={mapping}
              errors={showMappingErrors ? errors : {}}
              onChange={setMapping}
            />
            <Checkbox
              label="Blank cells clear the field"
              description="Off: a blank cell leaves an existing customer's value as it is. On: it clears the email, phone, due date, tags, autopay, fee, status, language and opt-ins of the columns you map."
              checked={blankClears}
              onChange={(event) => setBlankClears(event.currentTarget.checked)}
            />
            <Group justify="space-between">
              <Button variant="default" onClick={restart}>
                Choose another file
              </Button>
              <Button
                onClick={() => {
                  if (Object.keys(errors).length > 0) setShowMappingErrors(true);
                  else void showPreview();
                }}
              >
                Preview
              </Button>
            </Group>
          </Stack>
        )}

        {shownStep === 2 && csv && (
          <Stack gap="md">
            {previewImport.isPending && <Loader size="sm" aria-label="Checking every row" />}
            {preview && <ImportSummary preview={preview} />}
            <PreviewStep rows={csv.rows} mapping={mapping} />
            {problems.length > 0 && (
              <Alert color="red" title="The file was not imported">
                <List size="sm">
                  {problems.map((problem) => (
                    <List.Item key={problem}>{problem}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(1)}>
                Back to mapping
              </Button>
              <Button
                onClick={() => (optsIn ? setConfirmingOptIns(true) : void runImport())}
                loading={startImport.isPending && !confirmingOptIns}
                disabled={!preview || willImport === 0}
              >
                {preview ? `Import ${formatCount(willImport)} ${willImport === 1 ? 'row' : 'rows'}` : 'Import'}
              </Button>
            </Group>
            {preview && (
              <ImportOptInConfirm
                opened={confirmingOptIns}
                optInRows={preview.opt_in_rows}
                loading={startImport.isPending}
                error={null}
                onConfirm={(affirmations) => void runImport(affirmations)}
                onClose={() => setConfirmingOptIns(false)}
              />
            )}
          </Stack>
        )}

        {shownStep === 3 && (
          <Stack gap="sm">
            <Text>Importing… You can leave this page; the import goes on.</Text>
            <Progress
              value={current && current.total > 0 ? (current.processed / current.total) * 100 : 0}
              size="lg"
              aria-label="Import progress"
              animated
            />
            <Text size="sm" aria-live="polite">
              {current
                ? `${formatCount(current.processed)} of ${formatCount(current.total)} rows processed`
                : 'Starting…'}
            </Text>
          </Stack>
        )}

        {shownStep === 4 && current && (
          <Stack gap="sm">
            {current.status === 'failed' ? (
              <Alert color="red" title="Import stopped">
                <Text>
                  The import stopped after {formatCount(current.processed)} of {formatCount(current.total)} rows:{' '}
                  {current.error ?? 'an unexpected error'}. The rows processed so far are kept (imported{' '}
                  {formatCount(current.imported)}, failed {formatCount(current.failed)}); importing the file again
                  updates them and adds the rest.
                </Text>
              </Alert>
            ) : (
              <Alert color={current.failed > 0 ? 'yellow' : 'green'} title="Import finished">
                <Text>
                  Imported {formatCount(current.imported)}
                  {current.updated > 0 ? ` (${formatCount(current.updated)} updated)` : ''}, failed{' '}
                  {formatCount(current.failed)}.
                </Text>
              </Alert>
            )}
            <Group>
              {current.failed > 0 && <Button onClick={() => void downloadReport(current)}>Download report</Button>}
              <Anchor component={Link} to={`/merchants/${merchantID}/customers`}>
                Go to the customer list
              </Anchor>
              <Button variant="default" onClick={restart}>
                Import another file
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
