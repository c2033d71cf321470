import { describe, expect, it } from 'vitest';
import { toFormValues, toTemplateInput } from './template-form';

const template = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Late',
  description: '',
  type: 'SCHEDULED' as const,
  active: true,
  is_visible: true,
  delta_days: -3,
  sms_body: 'Hi',
  message_bodies: [],
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
};

describe('template form values', () => {
  it('shows the absolute days and stores days × the sign', () => {
    const values = toFormValues(template);
    expect(values).toMatchObject({ relation: 'after', days: 3, body: 'Hi' });
    expect(toTemplateInput(values).delta_days).toBe(-3);
    expect(toTemplateInput({ ...values, relation: 'before' }).delta_days).toBe(3);
    expect(toTemplateInput({ ...values, relation: 'none', days: '' }).delta_days).toBeNull();
  });

  it('sends one en-US body as TEXT and EMAIL', () => {
    const input = toTemplateInput({ name: 'A', relation: 'on', days: 0, type: 'SCHEDULED', body: 'Hello' });
    expect(input.message_bodies).toEqual([
      { language: 'en-US', body_type: 'TEXT', message_body: 'Hello' },
      { language: 'en-US', body_type: 'EMAIL', message_body: 'Hello' },
    ]);
    expect(input.delta_days).toBe(0);
  });
});
