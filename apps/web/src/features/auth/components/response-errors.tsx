import { Alert, List } from '@mantine/core';
import { DEFAULT_ERROR_MESSAGE } from '@paydesk/domain/errors/default-message';
import { IconAlertCircle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/is-api-error';

const NETWORK_ERROR = 'Could not reach Paydesk. Check your connection and try again.';

/**
 * The messages of a failed call, one per line: the detail and non-field errors, then each field as
 * `Label: message` (SPEC §8: the login screen lists the response error fields).
 */
export function listResponseErrors(error: unknown, labels: Record<string, string> = {}): string[] {
  if (!isApiError(error)) {
    return [error instanceof TypeError ? NETWORK_ERROR : DEFAULT_ERROR_MESSAGE];
  }
  const lines = [...(error.detail ? [error.detail] : []), ...error.nonFieldErrors];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    for (const message of messages) lines.push(`${labels[field] ?? field}: ${message}`);
  }
  return lines.length > 0 ? [...new Set(lines)] : [error.message];
}

type ResponseErrorsProps = { error: unknown; title: string; labels?: Record<string, string> };

export function ResponseErrors({ error, title, labels }: ResponseErrorsProps) {
  const lines = listResponseErrors(error, labels);
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle size={18} />} role="alert">
      {lines.length === 1 ? (
        lines[0]
      ) : (
        <List size="sm" spacing={2}>
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** The field errors of a failed call for the form's own fields (first message each), to show under the inputs. */
export function pickFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!isApiError(error)) return {};
  const picked: Record<string, string> = {};
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (message) picked[field] = message;
  }
  return picked;
}
