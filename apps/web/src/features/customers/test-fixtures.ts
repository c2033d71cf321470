import type { PaymentMethod } from '@paydesk/domain/payments/payments.contract';
// Customers as the API answers them, and MSW handlers for the customers screens' tests.
import type {
  Customer,
  CustomerAccount,
  CustomerEvent,
  CustomerListRow,
  CustomerNote,
} from '@paydesk/domain/customers/customers.contract';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server';

export const MERCHANT_ID = 'm-1';
export const LOCATIONS = [
  { id: '00000000-0000-4000-8000-0000000000a1', name: 'Main St' },
  { id: '00000000-0000-4000-8000-0000000000a2', name: 'Airport Rd' },
];
export const TAGS = [
  { id: '00000000-0000-4000-8000-0000000000b1', name: 'VIP' },
  { id: '00000000-0000-4000-8000-0000000000b2', name: 'Repo Risk' },
];
const MERCHANT = { id: MERCHANT_ID, name: 'Demo Motors' };
export const CUSTOMER_ID = '00000000-0000-4000-8000-000000000c01';
export const CO_BORROWER_ID = '00000000-0000-4000-8000-000000000c02';
export const ACCOUNT_ID = '00000000-0000-4000-8000-000000000d01';

export function buildRow(overrides: Partial<CustomerListRow> = {}): CustomerListRow {
  return {
    id: CUSTOMER_ID,
    merchant: MERCHANT,
    first_name: 'Carla',
    last_name: 'Customer',
    email: 'carla@example.com',
    sms_phone_number: '+12125550123',
    external_id: 'A-1001',
    location: LOCATIONS[0]!,
    accounts: [
      {
        id: ACCOUNT_ID,
        external_id: 'A-1001',
        role: 'primary',
        status: 'pending',
        amount_due_cents: 123456,
        due_date: '2026-12-05',
        autopay: false,
      },
    ],
    tags: [TAGS[0]!],
    text_opt_in: false,
    email_opt_in: true,
    created: '2026-01-15T12:00:00.000Z',
    ...overrides,
  };
}

export function buildAccount(overrides: Partial<CustomerAccount> = {}): CustomerAccount {
  return {
    id: ACCOUNT_ID,
    external_id: 'A-1001',
    role: 'primary',
    status: 'active',
    amount_due_cents: 123456,
    due_date: '2026-12-05',
    autopay: true,
    convenience_fee_cents: 295,
    location: LOCATIONS[0]!,
    tags: [TAGS[0]!],
    device: null,
    customers: [
      {
        id: CUSTOMER_ID,
        first_name: 'Carla',
        last_name: 'Customer',
        email: 'carla@example.com',
        sms_phone_number: '+12125550123',
        role: 'primary',
      },
      {
        id: CO_BORROWER_ID,
        first_name: 'Cody',
        last_name: 'Cosigner',
        email: null,
        sms_phone_number: '+12125550124',
        role: 'co_borrower',
      },
    ],
    created: '2026-01-15T12:00:00.000Z',
    ...overrides,
  };
}

export function buildCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: CUSTOMER_ID,
    merchant: { ...MERCHANT, is_integrated: false },
    first_name: 'Carla',
    last_name: 'Customer',
    email: 'carla@example.com',
    sms_phone_number: '+12125550123',
    date_of_birth: '1990-04-02',
    language: 'en-US',
    address_line1: null,
    address_line2: null,
    city: null,
    state: null,
    zip: null,
    location: LOCATIONS[0]!,
    text_opt_in: false,
    email_opt_in: true,
    removed: false,
    removed_at: null,
    accounts: [buildAccount()],
    created: '2026-01-15T12:00:00.000Z',
    ...overrides,
  };
}

const ACTOR = { id: '00000000-0000-4000-8000-000000000e01', first_name: 'Avery', last_name: 'Admin' };

export const HISTORY: CustomerEvent[] = [
  {
    id: '00000000-0000-4000-8000-000000000f02',
    kind: 'account.updated',
    account_id: ACCOUNT_ID,
    actor: ACTOR,
    before: { amount_due_cents: 100000, status: 'pending' },
    after: { amount_due_cents: 123456, status: 'active' },
    created: '2026-02-01T15:30:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-000000000f01',
    kind: 'customer.created',
    account_id: null,
    actor: null,
    before: null,
    after: { first_name: 'Carla' },
    created: '2026-01-15T12:00:00.000Z',
  },
];

export const NOTES: CustomerNote[] = [
  {
    id: '00000000-0000-4000-8000-000000000a91',
    body: 'Promised to pay Friday.',
    author: ACTOR,
    created: '2026-02-02T10:00:00.000Z',
    edited: null,
  },
];

export const PAYMENT_METHODS: PaymentMethod[] = [
  {
    id: '00000000-0000-4000-8000-000000000a81',
    payment_type: 'CREDIT',
    card_type: 'Visa',
    nickname: 'Work Visa',
    masked_card_number: 'XXXXXXXXXXXX4242',
    masked_account_number: null,
    label: 'Work Visa XXXX4242',
    card_brand: 'visa',
    funding: 'credit',
    exp_month: 12,
    exp_year: 2030,
    routing_number: null,
    account_holder: null,
    authorization: null,
    created: '2026-01-20T12:00:00.000Z',
  },
];

export function page<T>(results: T[]) {
  return { count: results.length, next: null, previous: null, results };
}

/** The merchant's locations and tags, and an empty recently viewed list. */
export function serveMerchantOptions() {
  server.use(
    http.get(`/api/merchants/${MERCHANT_ID}/merchant_locations/`, () => HttpResponse.json(page(LOCATIONS))),
    http.get(`/api/merchants/${MERCHANT_ID}/account-tags/`, () => HttpResponse.json(page(TAGS))),
    http.get(`/api/merchants/${MERCHANT_ID}/customers/recently_viewed/`, () => HttpResponse.json({ results: [] })),
  );
}

/** An account's autopay (off, never enrolled) and its promises (none), as the account page loads them. */
export function autopayAndPromiseHandlers(merchantID: string) {
  return [
    http.get(`/api/merchants/${merchantID}/accounts/:accountId/autopay/`, ({ params }) =>
      HttpResponse.json({
        account: params.accountId,
        enabled: false,
        customer: null,
        customer_name: null,
        payment_method: null,
        payment_method_label: null,
        due_date: null,
        day: null,
        authorization: null,
        enrolled_at: null,
        enrolled_by_name: null,
        disabled_at: null,
        disabled_by: null,
        last_run: null,
      }),
    ),
    http.get(`/api/merchants/${merchantID}/accounts/:accountId/promises/`, () => HttpResponse.json(page([]))),
  ];
}
