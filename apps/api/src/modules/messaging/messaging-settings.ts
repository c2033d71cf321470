import type { MessagingSettings, SendingNumber } from '@paydesk/domain/messaging/messaging-settings.contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantLocations } from '../../db/schema/locations';
import { messagingSettings, sendingNumbers } from '../../db/schema/messaging';
import { notFound } from '../../lib/http-errors';
import { findMerchant } from '../merchants/merchants.public';
import { settingsOf, type MessagingSettings as SettingsRow } from './sending-numbers';

/** The merchant's numbers with the location each belongs to, oldest first. */
export async function listSendingNumberViews(db: Db, merchantId: string): Promise<SendingNumber[]> {
  const rows = await db
    .select({
      id: sendingNumbers.id,
      phone_number: sendingNumbers.phone_number,
      location_id: merchantLocations.id,
      location_name: merchantLocations.name,
    })
    .from(sendingNumbers)
    .leftJoin(merchantLocations, eq(merchantLocations.id, sendingNumbers.location_id))
    .where(eq(sendingNumbers.merchant_id, merchantId))
    .orderBy(asc(sendingNumbers.created), asc(sendingNumbers.phone_number));
  return rows.map((row) => ({
    id: row.id,
    phone_number: row.phone_number,
    location: row.location_id && row.location_name !== null ? { id: row.location_id, name: row.location_name } : null,
  }));
}

/** The settings as the API answers them: a merchant without a row has the defaults (opt-out line on, 8 am–9 pm). */
export async function messagingSettingsView(db: Db, merchantId: string): Promise<MessagingSettings> {
  const [settings, numbers] = await Promise.all([settingsOf(db, merchantId), listSendingNumberViews(db, merchantId)]);
  return {
    help_contact: settings?.help_contact ?? null,
    opt_out_line: settings?.opt_out_line ?? true,
    window_start_minute: settings?.window_start_minute ?? null,
    window_end_minute: settings?.window_end_minute ?? null,
    sending_numbers: numbers,
    twilio: settings?.twilio_account_sid
      ? { account_sid: settings.twilio_account_sid, has_auth_token: Boolean(settings.twilio_auth_token_sealed) }
      : null,
  };
}

/** Locks the merchant's settings row for a change, creating it with the defaults first when there is none. */
export async function lockSettingsRow(db: Db, merchantId: string, now: Date): Promise<SettingsRow> {
  await db.insert(messagingSettings).values({ merchant_id: merchantId, updated: now }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(messagingSettings)
    .where(eq(messagingSettings.merchant_id, merchantId))
    .for('update');
  if (!row) throw new Error('messaging settings row vanished');
  return row;
}

/** For the super-user routes, whose access check names no merchant: one that does not exist is 404. */
export async function requireMerchant(db: Db, merchantId: string): Promise<{ id: string; name: string }> {
  const merchant = await findMerchant(db, merchantId);
  if (!merchant) throw notFound();
  return merchant;
}
