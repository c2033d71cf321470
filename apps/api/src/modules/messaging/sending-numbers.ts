import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messagingSettings, sendingNumbers } from '../../db/schema/messaging';
import type { FieldCipher } from '../../lib/field-encryption';
import type { SmsCredentials } from '../../providers/sms/sms-provider';

export type SendingNumber = typeof sendingNumbers.$inferSelect;

/** The number a merchant texts a customer from: the customer's location's, else the merchant's first. */
export async function sendingNumberFor(
  db: Db,
  merchantId: string,
  locationId: string | null,
): Promise<SendingNumber | null> {
  const [row] = await db
    .select()
    .from(sendingNumbers)
    .where(eq(sendingNumbers.merchant_id, merchantId))
    .orderBy(sql`${sendingNumbers.location_id} is not distinct from ${locationId} desc`, asc(sendingNumbers.created))
    .limit(1);
  return row ?? null;
}

/** The sending number with this E.164 value, whichever merchant it belongs to. */
export async function findSendingNumber(db: Db, phoneNumber: string): Promise<SendingNumber | null> {
  const [row] = await db.select().from(sendingNumbers).where(eq(sendingNumbers.phone_number, phoneNumber));
  return row ?? null;
}

export async function listSendingNumbers(db: Db, merchantId: string): Promise<SendingNumber[]> {
  return db
    .select()
    .from(sendingNumbers)
    .where(and(eq(sendingNumbers.merchant_id, merchantId)));
}

export type MessagingSettings = typeof messagingSettings.$inferSelect;

export async function settingsOf(db: Db, merchantId: string): Promise<MessagingSettings | null> {
  const [row] = await db.select().from(messagingSettings).where(eq(messagingSettings.merchant_id, merchantId));
  return row ?? null;
}

/** The merchant's own Twilio account, or null (the global one from configuration is used). */
export function credentialsOf(settings: MessagingSettings | null, cipher: FieldCipher): SmsCredentials | null {
  if (!settings?.twilio_account_sid || !settings.twilio_auth_token_sealed) return null;
  return { accountSid: settings.twilio_account_sid, authToken: cipher.decrypt(settings.twilio_auth_token_sealed) };
}
