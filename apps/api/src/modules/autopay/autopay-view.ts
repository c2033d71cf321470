// An account's autopay as the API answers it (`autopaySchema`): the active enrolment, else the latest turned off,
// else an empty one.

import type { Autopay } from '@paydesk/domain/autopay/autopay.contract';
import { formatPaymentMethodLabel } from '@paydesk/domain/format/payment-method';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { autopayEnrollments } from '../../db/schema/autopay';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/identity';
import { paymentMethods } from '../../db/schema/payments';

const enrollers = alias(users, 'enrollers');
const authorizers = alias(users, 'authorizers');
const nameOf = (person: { first_name: string | null; last_name: string | null } | null) =>
  person ? `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim() : '';

/** The day of the month of a YYYY-MM-DD date. */
const dayOf = (date: string | null) => (date ? Number(date.slice(8, 10)) : null);

export async function readAutopay(db: Db, account: { id: string; due_date: string | null }): Promise<Autopay> {
  const [found] = await db
    .select({
      row: autopayEnrollments,
      customer: { first_name: customers.first_name, last_name: customers.last_name },
      method: {
        nickname: paymentMethods.nickname,
        masked_card_number: paymentMethods.masked_card_number,
        masked_account_number: paymentMethods.masked_account_number,
      },
      enroller: { first_name: enrollers.first_name, last_name: enrollers.last_name },
      authorizer: { first_name: authorizers.first_name, last_name: authorizers.last_name },
    })
    .from(autopayEnrollments)
    .innerJoin(customers, eq(customers.id, autopayEnrollments.customer_id))
    .innerJoin(paymentMethods, eq(paymentMethods.id, autopayEnrollments.payment_method_id))
    .leftJoin(enrollers, eq(enrollers.id, autopayEnrollments.enrolled_by))
    .leftJoin(authorizers, eq(authorizers.id, autopayEnrollments.authorized_by))
    .where(eq(autopayEnrollments.account_id, account.id))
    .orderBy(desc(autopayEnrollments.active), desc(autopayEnrollments.created))
    .limit(1);
  if (!found) {
    return {
      account: account.id,
      enabled: false,
      customer: null,
      customer_name: null,
      payment_method: null,
      payment_method_label: null,
      due_date: account.due_date,
      day: dayOf(account.due_date),
      authorization: null,
      enrolled_at: null,
      enrolled_by_name: null,
      disabled_at: null,
      disabled_by: null,
      last_run: null,
    };
  }
  const { row } = found;
  return {
    account: account.id,
    enabled: row.active,
    customer: row.customer_id,
    customer_name: nameOf(found.customer),
    payment_method: row.payment_method_id,
    payment_method_label: formatPaymentMethodLabel(found.method),
    due_date: account.due_date,
    day: dayOf(account.due_date),
    authorization:
      row.authorization && row.authorization_method && row.authorized_at
        ? {
            ...row.authorization,
            method: row.authorization_method,
            authorized_at: row.authorized_at.toISOString(),
            authorized_by_name: nameOf(found.authorizer) || 'System',
          }
        : null,
    enrolled_at: row.created.toISOString(),
    enrolled_by_name: nameOf(found.enroller) || 'System',
    disabled_at: row.disabled_at?.toISOString() ?? null,
    disabled_by: row.disabled_by,
    last_run:
      row.last_due_date && row.last_state
        ? {
            due_date: row.last_due_date,
            state: row.last_state,
            payment: row.last_payment_id,
            failure_message: row.last_failure_message,
          }
        : null,
  };
}
