import { MASKED_SECRET, SECRET_FIELD_PATTERN } from '@paydesk/domain/audit/audit';

export type AuditValues = Record<string, unknown>;

/** What an entry keeps of a change: the changed fields before and after, secrets masked. */
export type AuditedValues = { before: AuditValues | null; after: AuditValues | null };

export type AuditValuesRules = {
  /** Fields of the changed row that say nothing a person changed, besides ids and timestamps (left out). */
  bookkeeping?: (field: string) => boolean;
  /** Whether a change whose before and after have no field that differs is left out (null) instead of kept empty. */
  skipUnchanged: boolean;
};

/** Fields every row has that describe the row rather than what changed. */
const ROW_FIELDS = new Set(['id', 'merchant_id', 'created', 'updated']);

/**
 * The before and after an entry keeps for a change. With both, only the fields whose values differ are kept,
 * compared before masking: a re-entered secret is a change, an untouched one (the same stored value) is not. Fields
 * matching `SECRET_FIELD_PATTERN` (a sealed SSN, a credential) are written as `MASKED_SECRET`; dates as ISO strings.
 * Null when nothing differs and the rules skip unchanged entries.
 */
export function auditedValues(
  before: AuditValues | null | undefined,
  after: AuditValues | null | undefined,
  rules: AuditValuesRules,
): AuditedValues | null {
  let was = before ? describable(before, rules) : null;
  let now = after ? describable(after, rules) : null;
  if (was && now) {
    [was, now] = changedFields(was, now);
    if (rules.skipUnchanged && Object.keys(was).length === 0 && Object.keys(now).length === 0) return null;
  }
  return { before: was && masked(was), after: now && masked(now) };
}

function describable(values: AuditValues, rules: AuditValuesRules): AuditValues {
  const out: AuditValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (ROW_FIELDS.has(key) || rules.bookkeeping?.(key) || value === undefined) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

function changedFields(before: AuditValues, after: AuditValues): [AuditValues, AuditValues] {
  const was: AuditValues = {};
  const now: AuditValues = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (key in before) was[key] = before[key];
    if (key in after) now[key] = after[key];
  }
  return [was, now];
}

function masked(values: AuditValues): AuditValues {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      SECRET_FIELD_PATTERN.test(key) && value !== null ? MASKED_SECRET : value,
    ]),
  );
}
