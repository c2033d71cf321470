// The message-templates module, as other modules use it: senders (inbox, campaigns, automations) render a body for
// a customer and account through the same path as the render endpoint, passing the payment-links capability's
// "create a link" as `createPaymentLink` so `{{payment_link}}` gets a fresh link only when the body uses it.

export { loadMergeValues, renderBodyForCustomer } from './render-template';
export { getTemplate, smsBodyOf } from './message-templates.service';
export { renderSystemTemplateForCustomer } from './render-system-template';
