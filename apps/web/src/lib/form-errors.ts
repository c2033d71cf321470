import { ApiError } from './api-client';
import { focusFirstInvalidField } from './focus-errors';
import { notifyError } from './notify';

type FormWithErrors = { setFieldError: (path: never, error: string) => void };

export type FormErrorOptions = {
  /** The form's field paths; API fields outside them are shown in the toast instead. */
  fields: readonly string[];
  /** Renames API fields to form paths, e.g. `settings.min_merchant_payment_amount` → `min_merchant_payment_amount`. */
  fieldMap?: Record<string, string>;
  /** Puts a `{detail, code}` error on a field, e.g. `user.email_in_use` → `email`. */
  codeFields?: Record<string, string>;
};

/**
 * Shows why a save failed (SPEC §8: a save failure is set as form errors): a 400's field messages go on the form's
 * fields; anything else (detail, non_field_errors, fields the form does not have, network failures) goes to an
 * error toast.
 */
export function showFormError(form: FormWithErrors, error: unknown, options: FormErrorOptions) {
  const { fields, fieldMap = {}, codeFields = {} } = options;
  if (!(error instanceof ApiError)) {
    notifyError(error);
    return;
  }
  const setFieldError = form.setFieldError as (path: string, error: string) => void;
  const codeField = error.code ? codeFields[error.code] : undefined;
  if (codeField && fields.includes(codeField)) {
    setFieldError(codeField, error.message);
    focusFormInError();
    return;
  }
  const unplaced: string[] = [];
  let placed = 0;
  for (const [apiField, messages] of Object.entries(error.fieldErrors)) {
    const field = fieldMap[apiField] ?? apiField;
    if (fields.includes(field)) {
      setFieldError(field, messages.join(' '));
      placed += 1;
    } else {
      unplaced.push(...messages.map((message) => `${apiField}: ${message}`));
    }
  }
  if (placed > 0) focusFormInError();
  const rest = [...error.nonFieldErrors, ...unplaced];
  if (placed === 0 && unplaced.length === 0) notifyError(error);
  else if (rest.length > 0) notifyError(rest.join(' '));
}

/** The form being sent holds focus (its button), unless a disabled fieldset dropped it: then the page's main part. */
function focusFormInError() {
  focusFirstInvalidField(document.activeElement?.closest('form') ?? document.querySelector('main'));
}
