// Template timing of SPEC §3 and §4: the relation to the due date, the days, and the type they imply.

import { isSystemTemplateType, type TemplateType } from './template-types';

/** No automation, before, on or after the due date. */
export type TimingRelation = 'none' | 'before' | 'on' | 'after';

export const TIMING_RELATIONS: readonly { value: TimingRelation; label: string; sign: number | null }[] = [
  { value: 'none', label: 'No automation', sign: null },
  { value: 'before', label: 'Before due date', sign: 1 },
  { value: 'on', label: 'On due date', sign: 0 },
  { value: 'after', label: 'After due date', sign: -1 },
];

/** The relation's sign (+1, 0, -1), or null for no automation. */
export function relationSign(relation: TimingRelation): number | null {
  return TIMING_RELATIONS.find((entry) => entry.value === relation)?.sign ?? null;
}

/** The timing part of the editor's form: days is what the form shows (never negative), null when empty. */
export type TimingForm = { relation: TimingRelation; days: number | null; type: TemplateType };

/**
 * SPEC §4, when the relation changes: on due date forces 0 days; before or after with 0 days sets 1; no automation
 * clears days. The type follows (`typeForTiming`).
 */
export function changeRelation(form: TimingForm, relation: TimingRelation): TimingForm {
  let days = form.days;
  if (relation === 'on') days = 0;
  else if (relation === 'none') days = null;
  else if (days === 0) days = 1;
  return { relation, days, type: typeForTiming(form.type, relation) };
}

/**
 * SPEC §4: a special (system) type with no relation stays as it is (as does any special type: its sender is its
 * event, not the schedule); a non-special type becomes UNSCHEDULED with no relation, otherwise SCHEDULED.
 */
export function typeForTiming(type: TemplateType, relation: TimingRelation): TemplateType {
  if (isSystemTemplateType(type)) return type;
  return relation === 'none' ? 'UNSCHEDULED' : 'SCHEDULED';
}

/** The stored delta_days: days × the relation's sign (null with no automation or no days). */
export function toDeltaDays(relation: TimingRelation, days: number | null): number | null {
  const sign = relationSign(relation);
  if (sign === null) return null;
  if (sign === 0) return 0;
  if (days === null) return null;
  return Math.abs(days) * sign;
}

/** The form's relation and days from a stored delta_days: the form shows the absolute value. */
export function fromDeltaDays(deltaDays: number | null | undefined): { relation: TimingRelation; days: number | null } {
  if (deltaDays === null || deltaDays === undefined) return { relation: 'none', days: null };
  if (deltaDays === 0) return { relation: 'on', days: 0 };
  return { relation: deltaDays > 0 ? 'before' : 'after', days: Math.abs(deltaDays) };
}

/** Timing in words for the list: `3 days before due date`, `1 day after due date`, `On due date`, `No automation`. */
export function describeTiming(deltaDays: number | null | undefined): string {
  const { relation, days } = fromDeltaDays(deltaDays);
  if (relation === 'none') return 'No automation';
  if (relation === 'on') return 'On due date';
  const unit = days === 1 ? 'day' : 'days';
  return `${days} ${unit} ${relation} due date`;
}
