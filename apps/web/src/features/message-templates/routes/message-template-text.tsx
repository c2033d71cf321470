import { TemplateBodyField } from '../components/template-body-field';

/** …/text (MessageTemplateText): the body as a text message. */
export function MessageTemplateTextRoute() {
  return <TemplateBodyField label="Text message" showSms />;
}
