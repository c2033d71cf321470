import { TemplateBodyField } from '../components/template-body-field';

/** …/email (MessageTemplateEmail): the same body, sent as the email (merge values HTML-escaped). */
export function MessageTemplateEmailRoute() {
  return <TemplateBodyField label="Email body" showSms={false} />;
}
