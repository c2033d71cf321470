import type { twilioAccountInput } from '@paydesk/domain/messaging/messaging-settings.contract';
import { REQUIRED } from '@paydesk/domain/validation/messages';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { messagingSettings } from '../../db/schema/messaging';
import { FieldErrors } from '../../lib/http-errors';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import { lockSettingsRow } from './messaging-settings';
import type { MessagingSettings } from './sending-numbers';

// The sealed value stands for the token in the diff (a re-entered token is a change) and is masked by its name.
const audited = (row: MessagingSettings) => ({
  twilio_account_sid: row.twilio_account_sid,
  twilio_auth_token: row.twilio_auth_token_sealed,
});

/**
 * A super user gives the merchant its own Twilio account (its texts, attachments and webhooks then use it) or, with
 * an empty account SID, takes it away (the global account from configuration is used again). The auth token is
 * sealed at rest (decision 0013); one left out keeps the stored token.
 */
export async function changeTwilioAccount(
  ctx: ServiceContext,
  merchantId: string,
  input: z.output<typeof twilioAccountInput>,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const before = await lockSettingsRow(tx.db, merchantId, tx.clock());
    const clearing = input.account_sid === '';
    const token = input.auth_token || null;
    if (!clearing && !token && !before.twilio_auth_token_sealed) throw FieldErrors.of('auth_token', REQUIRED);
    const [after] = await tx.db
      .update(messagingSettings)
      .set({
        twilio_account_sid: clearing ? null : input.account_sid,
        twilio_auth_token_sealed: clearing ? null : token ? ctx.cipher.encrypt(token) : before.twilio_auth_token_sealed,
        updated: tx.clock(),
      })
      .where(eq(messagingSettings.merchant_id, merchantId))
      .returning();
    if (!after) throw new Error('messaging settings row vanished');
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'messaging_settings',
      action: clearing ? 'disconnected' : 'connected',
      subjectId: merchantId,
      subjectLabel: 'Twilio account',
      before: audited(before),
      after: audited(after),
    });
  });
}
