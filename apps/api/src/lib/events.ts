import type { RoleRequirement } from '@paydesk/domain/access/requirements';
import type { z } from 'zod';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events carry ids, never bodies. */
export const MAX_EVENT_BYTES = 7900;

/**
 * Who may receive an event on the live socket: one user, or the users of a merchant (optionally only those who
 * meet a role requirement there, as the routes' access rules say); `servers` events only tell the API processes
 * (e.g. to drop a cached row) and never reach a socket.
 */
export type AudienceKind = 'user' | 'merchant' | 'servers';

export type Audience =
  { kind: 'user'; userId: string } | { kind: 'merchant'; merchantId: string } | { kind: 'servers' };

export type AudienceOf<Kind extends AudienceKind> = Extract<Audience, { kind: Kind }>;

/** A live event: a name, the schema of its payload (ids, not bodies) and the kind of audience it goes to. */
export type EventDefinition<Schema extends z.ZodType = z.ZodType, Kind extends AudienceKind = AudienceKind> = {
  name: string;
  payload: Schema;
  audience: Kind;
  /** For merchant audiences: only users meeting it on that merchant receive the event. */
  requirement?: RoleRequirement;
};

export const defineEvent = <Schema extends z.ZodType, Kind extends AudienceKind>(
  definition: EventDefinition<Schema, Kind>,
) => definition;

/** What travels over NOTIFY between API processes. */
export type EventEnvelope = { name: string; payload: unknown; audience: Audience; requirement?: RoleRequirement };

/** The NOTIFY payload of an event; throws when the payload does not match or is too large for NOTIFY. */
export function encodeEvent<Schema extends z.ZodType, Kind extends AudienceKind>(
  event: EventDefinition<Schema, Kind>,
  payload: z.input<Schema>,
  audience: AudienceOf<Kind>,
): string {
  if (audience.kind !== event.audience) throw new Error(`event ${event.name} goes to a ${event.audience} audience`);
  const envelope: EventEnvelope = {
    name: event.name,
    payload: event.payload.parse(payload),
    audience,
    ...(event.requirement ? { requirement: event.requirement } : {}),
  };
  const text = JSON.stringify(envelope);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_EVENT_BYTES) {
    throw new Error(`event ${event.name} is ${bytes} bytes; NOTIFY allows under 8000: send ids, not bodies`);
  }
  return text;
}
