import type { messagingSettingsInput } from '@paydesk/domain/messaging/messaging-settings.contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { messagingSettings } from '../../db/schema/messaging';
import { withTransaction, type ServiceContext } from '../../lib/service-context';
import { recordChange, type Actor } from '../audit/audit.public';
import { lockSettingsRow } from './messaging-settings';
import type { MessagingSettings } from './sending-numbers';

const audited = (row: MessagingSettings) => ({
  help_contact: row.help_contact,
  opt_out_line: row.opt_out_line,
  window_start_minute: row.window_start_minute,
  window_end_minute: row.window_end_minute,
});

/**
 * A merchant's administrators change its HELP contact, opt-out line and sending window; the send job reads them
 * when each text leaves. The change and its activity-log entry commit together.
 */
export async function changeMessagingSettings(
  ctx: ServiceContext,
  merchantId: string,
  input: z.output<typeof messagingSettingsInput>,
  actor: Actor,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const before = await lockSettingsRow(tx.db, merchantId, tx.clock());
    const [after] = await tx.db
      .update(messagingSettings)
      .set({ ...input, updated: tx.clock() })
      .where(eq(messagingSettings.merchant_id, merchantId))
      .returning();
    if (!after) throw new Error('messaging settings row vanished');
    await recordChange(tx, {
      merchantId,
      actor,
      kind: 'messaging_settings',
      action: 'updated',
      subjectId: merchantId,
      subjectLabel: 'Messaging settings',
      before: audited(before),
      after: audited(after),
    });
  });
}
