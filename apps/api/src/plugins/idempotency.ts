import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
} from '@paydesk/domain/api/idempotency';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Database } from '../db/client';
import { HttpError } from '../lib/http-errors';
import { defineJob } from '../lib/jobs';

// Endpoints defined with `idempotent: true` (docs/decisions/0020-idempotency-keys.md). The first request with a key
// claims (merchant, key) in `idempotency_keys` with its fingerprint and runs; its answer is stored when it is one a
// repeat should get again, and a repeat with the same fingerprint replays it without running the handler.

type Claim = { merchantId: string; key: string; fingerprint: string; owned: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Claim | null;
  }
}

export const pruneIdempotencyKeysJob = defineJob({ name: 'idempotency.prune-keys', payload: z.object({}) });

const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60 * 1000;
/** A key released by its first request (a 5xx) between a repeat's claim and its read: the repeat claims again. */
const CLAIM_ATTEMPTS = 3;
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Deletes the keys older than IDEMPOTENCY_KEY_TTL_HOURS before `now`; returns how many went. */
export async function pruneIdempotencyKeys(database: Database, now: Date): Promise<number> {
  const [row] = await database.query(
    'with gone as (delete from idempotency_keys where created <= $1 returning 1) select count(*)::int as n from gone',
    [new Date(now.getTime() - TTL_MS)],
  );
  return Number(row?.n ?? 0);
}

/** JSON with object keys sorted: the same body sent with its keys in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes a repeat the same request: method, path and query, the signed-in user and the body as sent. */
function fingerprintOf(request: FastifyRequest): string {
  const userId = request.principal?.user.id ?? '';
  const bodyHash = createHash('sha256')
    .update(canonicalJson(request.body ?? null))
    .digest('hex');
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, userId, bodyHash]))
    .digest('hex');
}

function readKey(request: FastifyRequest): string {
  const given = request.headers[IDEMPOTENCY_KEY_HEADER];
  const key = Array.isArray(given) ? given.join(', ') : (given ?? '');
  if (key.trim() === '') throw new HttpError('idempotency_key.missing');
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw new HttpError('idempotency_key.too_long');
  return key;
}

/**
 * Whether a repeat gets this answer again. Not: a 400 (the body was refused, the client fixes it and sends it with
 * the same key), a 409 `conflict` or a 429 (try again) and any 5xx (the handler failed; its transaction rolled back).
 */
function isFinal(status: number, payload: string | null): boolean {
  if (status >= 500 || status === 400 || status === 429) return false;
  if (status === 409 && payload) {
    try {
      return (JSON.parse(payload) as { code?: unknown }).code !== 'conflict';
    } catch {
      return true;
    }
  }
  return true;
}

function payloadText(payload: unknown): string | null | undefined {
  if (payload === null || payload === undefined || payload === '') return null;
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}

export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const { database } = app;
  app.decorateRequest('idempotency', null);

  // After the access guard (onRequest) and the input checks, before the body's validation.
  async function readClaim(request: FastifyRequest) {
    const merchantId = request.merchantAccess?.merchant.id;
    if (!merchantId) throw new Error('an idempotent endpoint needs merchant access');
    request.idempotency = { merchantId, key: readKey(request), fingerprint: fingerprintOf(request), owned: false };
  }

  // After validation: a request the schema refuses claims nothing.
  async function claimOrAnswer(request: FastifyRequest, reply: FastifyReply) {
    const claim = request.idempotency;
    if (!claim) return;
    for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt += 1) {
      const now = new Date();
      // A key older than its TTL counts as new: the row is taken over in the same statement.
      const claimed = await database.query(
        `insert into idempotency_keys (merchant_id, key, fingerprint, created) values ($1, $2, $3, $4)
         on conflict (merchant_id, key) do update
           set fingerprint = excluded.fingerprint, status = null, response = null, created = excluded.created
           where idempotency_keys.created <= $5
         returning 1`,
        [claim.merchantId, claim.key, claim.fingerprint, now, new Date(now.getTime() - TTL_MS)],
      );
      if (claimed.length > 0) {
        claim.owned = true;
        return;
      }
      const [first] = await database.query(
        'select fingerprint, status, response from idempotency_keys where merchant_id = $1 and key = $2',
        [claim.merchantId, claim.key],
      );
      if (!first) continue;
      if (first.fingerprint !== claim.fingerprint) throw new HttpError('idempotency_key.reused');
      if (first.status === null) throw new HttpError('idempotency_key.in_use');
      return replay(reply, Number(first.status), first.response as string | null);
    }
    throw new HttpError('idempotency_key.in_use');
  }

  async function recordAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotency;
    if (!claim?.owned) return payload;
    claim.owned = false;
    const text = payloadText(payload);
    try {
      if (text !== undefined && isFinal(reply.statusCode, text)) {
        await database.query(
          `update idempotency_keys set status = $4, response = $5
           where merchant_id = $1 and key = $2 and fingerprint = $3 and status is null`,
          [claim.merchantId, claim.key, claim.fingerprint, reply.statusCode, text],
        );
      } else {
        await database.query(
          'delete from idempotency_keys where merchant_id = $1 and key = $2 and fingerprint = $3 and status is null',
          [claim.merchantId, claim.key, claim.fingerprint],
        );
      }
    } catch (error) {
      // The handler's work stands and the client gets its answer; a repeat is refused as in use until the key expires.
      request.log.error({ err: error }, 'could not record the answer of an idempotent request');
    }
    return payload;
  }

  // Only idempotent routes get the hooks: every other request pays nothing for them.
  app.addHook('onRoute', (route) => {
    if (!route.config?.endpoint?.idempotent) return;
    route.preValidation = [...[route.preValidation ?? []].flat(), readClaim];
    route.preHandler = [...[route.preHandler ?? []].flat(), claimOrAnswer];
    route.onSend = [...[route.onSend ?? []].flat(), recordAnswer];
  });

  app.jobs.work(pruneIdempotencyKeysJob, async () => {
    await pruneIdempotencyKeys(database, new Date());
  });
  app.jobs.schedule(pruneIdempotencyKeysJob, '17 * * * *', {});
});

function replay(reply: FastifyReply, status: number, response: string | null) {
  reply.code(status).header('idempotent-replayed', 'true');
  if (response === null) return reply.send();
  return reply.type(JSON_CONTENT_TYPE).send(response);
}
