// The message-templates module, as other modules use it: senders (inbox, campaigns, automations) render a body for
// a customer and account through the same path as the render endpoints, with `linkMode: 'issue'` so that
// `{{payment_link}}` is a fresh link, issued only when the body uses it (render-body.ts says why previews never do).

export { loadMergeValues } from './merge-values';
export { renderBodyForCustomer, type PaymentLinkMode } from './render-body';
export { getTemplate, smsBodyOf } from './message-templates.service';
export { renderSystemTemplateForCustomer } from './render-system-template';
export { previewSendableTemplates, renderSendableTemplate } from './sendable-templates';
