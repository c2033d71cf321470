// The editor's form values and their translation to and from the API's template (SPEC §3, §4): one body for text
// and email in en-US, delta_days = days × the relation's sign, the form showing the absolute value.

import { DEFAULT_LANGUAGE } from '@paydesk/domain/constants';
import type {
  MessageTemplate,
  MessageTemplateInput,
} from '@paydesk/domain/message-templates/message-templates.contract';
import type { TemplateType } from '@paydesk/domain/message-templates/template-types';
import { fromDeltaDays, toDeltaDays, type TimingRelation } from '@paydesk/domain/message-templates/timing';

export type TemplateFormValues = {
  name: string;
  relation: TimingRelation;
  /** As typed: '' when empty (SPEC §5: no client-side bounds on days). */
  days: number | '';
  type: TemplateType;
  body: string;
};

export const EMPTY_TEMPLATE: TemplateFormValues = {
  name: '',
  relation: 'none',
  days: '',
  type: 'UNSCHEDULED',
  body: '',
};

export function toFormValues(template: MessageTemplate): TemplateFormValues {
  const { relation, days } = fromDeltaDays(template.delta_days);
  return { name: template.name, relation, days: days ?? '', type: template.type, body: template.sms_body };
}

/** The save payload (SPEC §7): name, delta_days, message_bodies (TEXT and EMAIL, the same body), type. */
export function toTemplateInput(values: TemplateFormValues, current?: MessageTemplate): MessageTemplateInput {
  const days = values.days === '' ? null : Number(values.days);
  return {
    name: values.name,
    type: values.type,
    delta_days: toDeltaDays(values.relation, days),
    message_bodies: [
      { language: DEFAULT_LANGUAGE, body_type: 'TEXT', message_body: values.body },
      { language: DEFAULT_LANGUAGE, body_type: 'EMAIL', message_body: values.body },
    ],
    ...(current ? { description: current.description, active: current.active, is_visible: current.is_visible } : {}),
  };
}

/** Server field errors → the form's fields. */
export const TEMPLATE_FIELD_MAP: Record<string, string> = {
  delta_days: 'days',
  'message_bodies.0.message_body': 'body',
  'message_bodies.1.message_body': 'body',
  message_bodies: 'body',
};
export const TEMPLATE_FORM_FIELDS = ['name', 'relation', 'days', 'type', 'body'] as const;
