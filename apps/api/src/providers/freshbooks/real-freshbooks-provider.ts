import { parseCentsFromDollars } from '@paydesk/domain/format/money';
import { z } from 'zod';
import {
  FreshbooksAuthorizationError,
  FreshbooksCodeError,
  FreshbooksRateLimitError,
  FreshbooksSyncError,
  type FreshbooksClient,
  type FreshbooksProvider,
  type FreshbooksSession,
} from './freshbooks-provider';

export const FRESHBOOKS_AUTHORIZE_URL = 'https://auth.freshbooks.com/oauth/authorize';
export const FRESHBOOKS_TOKEN_URL = 'https://api.freshbooks.com/auth/oauth/token';
export const FRESHBOOKS_ME_URL = 'https://api.freshbooks.com/auth/api/v1/users/me';
export const FRESHBOOKS_API_URL = 'https://api.freshbooks.com';

const tokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});

const meResponse = z.object({
  response: z.object({
    business_memberships: z
      .array(z.object({ business: z.object({ name: z.string(), account_id: z.string().nullish() }) }))
      .default([]),
  }),
});

const moneySchema = z.object({ amount: z.string(), code: z.string() });

/** A client of GET /accounting/account/{accountid}/users/clients with `include[]=outstanding_balance`. */
const clientSchema = z.object({
  id: z.union([z.number(), z.string()]),
  fname: z.string().nullish(),
  lname: z.string().nullish(),
  email: z.string().nullish(),
  mob_phone: z.string().nullish(),
  bus_phone: z.string().nullish(),
  outstanding_balance: z.array(z.object({ amount: moneySchema })).nullish(),
});

const clientsResponse = z.object({
  response: z.object({ result: z.object({ clients: z.array(clientSchema) }) }),
});

function toClient(externalId: string, client: z.infer<typeof clientSchema>): FreshbooksClient {
  const owed = (client.outstanding_balance ?? [])
    .filter((entry) => entry.amount.code === 'USD')
    .reduce((sum, entry) => sum + (parseCentsFromDollars(entry.amount.amount) ?? 0), 0);
  return {
    external_id: externalId,
    first_name: client.fname?.trim() ?? '',
    last_name: client.lname?.trim() ?? '',
    email: client.email?.trim() ?? '',
    phone: (client.mob_phone || client.bus_phone || '').trim(),
    outstanding_cents: owed,
  };
}

const TIMEOUT_MS = 15_000;

/** FreshBooks itself (FRESHBOOKS_CLIENT_ID / FRESHBOOKS_CLIENT_SECRET). `fetch` is injectable for tests. */
export function createRealFreshbooksProvider(options: {
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  clock?: () => Date;
}): FreshbooksProvider {
  const send = options.fetch ?? fetch;
  const clock = options.clock ?? (() => new Date());

  /** A read of FreshBooks' API; any failure (network, timeout, status, shape) is a FreshbooksSyncError. */
  async function read<T>(url: string, accessToken: string, schema: z.ZodType<T>, what: string): Promise<T> {
    let response: Response;
    try {
      response = await send(url, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new FreshbooksSyncError(`FreshBooks could not be reached for ${what}.`);
    }
    if (response.status === 401) throw new FreshbooksAuthorizationError('FreshBooks refused the stored tokens.');
    if (response.status === 429) throw new FreshbooksRateLimitError(`FreshBooks refused ${what}: too many requests.`);
    if (!response.ok) throw new FreshbooksSyncError(`FreshBooks answered ${response.status} for ${what}.`);
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new FreshbooksSyncError(`FreshBooks answered ${what} in an unexpected shape.`);
    return parsed.data;
  }

  async function refresh(session: FreshbooksSession): Promise<FreshbooksSession> {
    let response: Response;
    try {
      response = await send(FRESHBOOKS_TOKEN_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          grant_type: 'refresh_token',
          client_id: options.clientId,
          client_secret: options.clientSecret,
          refresh_token: session.refresh_token,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new FreshbooksSyncError('FreshBooks could not be reached to renew the connection.');
    }
    // OAuth answers a refused refresh token (spent, revoked, expired) with 400 invalid_grant or 401.
    if (response.status === 400 || response.status === 401) {
      throw new FreshbooksAuthorizationError('FreshBooks refused to renew the connection: connect it again.');
    }
    if (!response.ok) throw new FreshbooksSyncError(`FreshBooks answered ${response.status} to renew the connection.`);
    const tokens = tokenResponse.safeParse(await response.json().catch(() => null));
    if (!tokens.success) throw new FreshbooksSyncError('FreshBooks renewed the connection in an unexpected shape.');
    return {
      ...session,
      access_token: tokens.data.access_token,
      refresh_token: tokens.data.refresh_token,
      expires_at: new Date(clock().getTime() + tokens.data.expires_in * 1000).toISOString(),
    };
  }
  return {
    name: 'freshbooks',
    refresh,
    authorizationUrl(state, redirectUri) {
      const url = new URL(FRESHBOOKS_AUTHORIZE_URL);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, redirectUri) {
      const response = await send(FRESHBOOKS_TOKEN_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          client_id: options.clientId,
          client_secret: options.clientSecret,
          code,
          redirect_uri: redirectUri,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // FreshBooks answers 400/401 (invalid_grant) for an unknown, used or expired code.
      if (response.status === 400 || response.status === 401) throw new FreshbooksCodeError('code refused');
      if (!response.ok) throw new Error(`FreshBooks token endpoint answered ${response.status}`);
      const tokens = tokenResponse.parse(await response.json());
      const me = await send(FRESHBOOKS_ME_URL, {
        headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!me.ok) throw new Error(`FreshBooks identity endpoint answered ${me.status}`);
      const business = meResponse.parse(await me.json()).response.business_memberships[0]?.business;
      return {
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        expires_at: new Date(clock().getTime() + tokens.expires_in * 1000).toISOString(),
        account_name: business?.name ?? 'FreshBooks',
        ...(business?.account_id ? { account_id: business.account_id } : {}),
      };
    },
    async findClients(current, externalIds) {
      let session = current;
      let accountId = session.account_id;
      if (!accountId) {
        const me = await read(FRESHBOOKS_ME_URL, session.access_token, meResponse, 'the business');
        accountId = me.response.business_memberships[0]?.business.account_id ?? undefined;
        if (!accountId) throw new FreshbooksSyncError('The FreshBooks business has no accounting account.');
        session = { ...session, account_id: accountId };
      }
      const accountPath = `/accounting/account/${encodeURIComponent(accountId)}/users/clients`;
      const clients = new Map<string, FreshbooksClient | null>();
      for (const externalId of new Set(externalIds)) {
        // FreshBooks client ids are numbers: any other external id names no FreshBooks client.
        if (!/^\d{1,18}$/.test(externalId)) {
          clients.set(externalId, null);
          continue;
        }
        const url = new URL(accountPath, FRESHBOOKS_API_URL);
        url.searchParams.set('search[userid]', externalId);
        url.searchParams.append('include[]', 'outstanding_balance');
        const found = await read(url.toString(), session.access_token, clientsResponse, `client ${externalId}`);
        const client = found.response.result.clients.find((entry) => String(entry.id) === externalId);
        clients.set(externalId, client ? toClient(externalId, client) : null);
      }
      return { clients, session };
    },
  };
}
