// Whether a payment link still works, for the pay page and paying alike: unknown 404, else 410 with the reason.

import { PAY_LINK_INVALID_MESSAGE } from '@paydesk/domain/payment-links/payment-links.contract';
import { HttpError } from '../../lib/http-errors';
import type { PaymentLinkRow } from './payment-links.repository';

export function checkLinkLive(link: PaymentLinkRow | undefined, now: Date): asserts link is PaymentLinkRow {
  if (!link) throw new HttpError('not_found', PAY_LINK_INVALID_MESSAGE);
  if (link.used_at) throw new HttpError('pay_link.used');
  if (link.superseded_at) throw new HttpError('pay_link.superseded');
  if (link.expires_at.getTime() <= now.getTime()) throw new HttpError('pay_link.expired');
}
