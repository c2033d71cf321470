// The receipt as an email: what the receipt modal shows, in plain text.

import { formatDateTime } from '@paydesk/domain/format/date';
import { formatMoney } from '@paydesk/domain/format/money';
import type { Payment } from '@paydesk/domain/payments/payments.contract';

export function receiptEmail(payment: Payment): { subject: string; text: string } {
  const { receipt } = payment;
  const lines = [
    `Receipt from ${receipt.merchant_name}`,
    '',
    `Date: ${formatDateTime(payment.created, { timeZone: receipt.time_zone })}`,
    ...(receipt.customer_name ? [`Customer: ${receipt.customer_name}`] : []),
    ...(receipt.payer_name ? [`Paid by: ${receipt.payer_name}`] : []),
    ...(receipt.account_external_id ? [`Account: ${receipt.account_external_id}`] : []),
    ...(receipt.description ? [`For: ${receipt.description}`] : []),
    '',
    ...payment.sources
      .filter((source) => source.state !== 'declined' && source.state !== 'voided')
      .map(
        (source) =>
          `${source.payment_method_label}: ${formatMoney(source.total)}${source.processor_reference ? ` (ref. ${source.processor_reference})` : ''}`,
      ),
    ...(payment.convenience_fee > 0 ? [`Convenience fee: ${formatMoney(payment.convenience_fee)}`] : []),
    `Total: ${formatMoney(payment.total_amount)}`,
    `Status: ${payment.status === 'PAID' ? 'Paid' : payment.status === 'PENDING' ? 'Pending' : payment.status}`,
    '',
    `${receipt.location_name}${receipt.merchant_phone ? ` · ${receipt.merchant_phone}` : ''}`,
  ];
  return { subject: `Your payment receipt from ${receipt.merchant_name}`, text: lines.join('\n') };
}
