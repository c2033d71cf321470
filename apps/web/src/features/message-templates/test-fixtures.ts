// Templates for the feature's screen tests.

import type { MessageTemplate } from '@paydesk/domain/message-templates/message-templates.contract';

export function buildTemplate(overrides: Partial<MessageTemplate> = {}): MessageTemplate {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Friendly reminder',
    description: '',
    type: 'SCHEDULED',
    active: true,
    is_visible: true,
    delta_days: 3,
    sms_body: 'Hi {{first_name}}, your payment is due soon. Reply STOP to opt out.',
    message_bodies: [],
    created: '2026-03-05T12:00:00.000Z',
    updated: '2026-03-06T15:00:00.000Z',
    ...overrides,
  };
}
