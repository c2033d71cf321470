// The pay page's calls: the link's page and payment (our API), and the sandbox tokeniser, which alone receives the
// card or bank numbers (they never reach our API).

import type { PayPage, PayReceipt } from '@paydesk/domain/payment-links/payment-links.contract';

export type Problem = { status: number; code: string | null; message: string; fields: Record<string, string[]> };
export type Result<T> = { ok: true; value: T } | { ok: false; problem: Problem };

const FALLBACK = 'Something went wrong. Please try again.';

async function send<T>(url: string, init: RequestInit): Promise<Result<T>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  } catch {
    return {
      ok: false,
      problem: { status: 0, code: null, message: 'No connection. Check it and try again.', fields: {} },
    };
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, value: body as T };
  const record = (body ?? {}) as Record<string, unknown>;
  const detail = typeof record.detail === 'string' ? record.detail : null;
  const fields = detail === null ? (record as Record<string, string[]>) : {};
  const first = Object.values(fields).flat()[0];
  return {
    ok: false,
    problem: {
      status: response.status,
      code: typeof record.code === 'string' ? record.code : null,
      message: detail ?? (typeof first === 'string' ? first : FALLBACK),
      fields,
    },
  };
}

const pathOf = (token: string) => `/api/pay/${encodeURIComponent(token)}/`;

export const loadPayPage = (token: string) => send<PayPage>(pathOf(token), { method: 'GET' });

export type CardEntry = { number: string; exp_month: number; exp_year: number; cvc: string };
export type BankEntry = { routing_number: string; account_number: string; account_holder: string };
export type Tokenized = { token: string; brand: string | null; funding: string | null; last4: string };

export const tokenize = (entry: { card: CardEntry } | { bank: BankEntry }) =>
  send<Tokenized>('/sandbox/gateway/tokens/', { method: 'POST', body: JSON.stringify(entry) });

export const payWithLink = (
  token: string,
  body: { token: string; amount: number; authorization?: string },
  idempotencyKey: string,
) =>
  send<PayReceipt>(`${pathOf(token)}payments/`, {
    method: 'POST',
    headers: { 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });
