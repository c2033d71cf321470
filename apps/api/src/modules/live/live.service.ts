import { meetsRequirement } from '@paydesk/domain/access/requirements';
import type { Db } from '../../db/client';
import type { EventEnvelope } from '../../lib/events';
import { findMerchantAccess, type UserRow } from '../users/users.service';

/** Whether the user may receive the event: it is addressed to them, or to a merchant where they meet its rule. */
export async function maySeeEvent(db: Db, user: UserRow, envelope: EventEnvelope): Promise<boolean> {
  const { audience } = envelope;
  if (audience.kind === 'servers') return false;
  if (audience.kind === 'user') return audience.userId === user.id;
  const access = await findMerchantAccess(db, user, audience.merchantId);
  if (!access) return false;
  return (
    !envelope.requirement ||
    meetsRequirement(envelope.requirement, { roles: access.accessRoles, merchant: access.merchant })
  );
}

/** The JSON frame a socket receives: the event's name as `type`, beside its payload's fields. */
export function toLiveFrame(envelope: EventEnvelope): string {
  return JSON.stringify({ type: envelope.name, ...(envelope.payload as object) });
}
