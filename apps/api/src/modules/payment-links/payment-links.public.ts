/** Issuing a payment link for an account and one of its customers (the account page, a PAY text). */
export { issuePaymentLink, type IssuePaymentLinkInput } from './issue-payment-link';
