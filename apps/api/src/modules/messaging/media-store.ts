import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageMedia } from '../../db/schema/messaging';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';

/** The URL the chat reads an attachment at (the same shape for uploads and MMS received). */
export const mediaUrl = (merchantId: string, mediaId: string) =>
  `/api/merchants/${merchantId}/message_media/${mediaId}/`;

/** Uploads live under DATA_DIR/message-media/<merchant>/<id>, with the content type beside them. */
const folderOf = (dataDir: string, merchantId: string) => join(dataDir, 'message-media', merchantId);

/** Keeps an uploaded attachment (already checked) and answers its id. */
export async function storeUpload(dataDir: string, merchantId: string, content: Buffer, type: string) {
  const id = randomUUID();
  const folder = folderOf(dataDir, merchantId);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `${id}.type`), type);
  await writeFile(join(folder, id), content);
  return id;
}

/** An attachment of the merchant: received by MMS (stored in the database) or uploaded; else 404. */
export async function readMedia(
  db: Db,
  dataDir: string,
  merchantId: string,
  mediaId: string,
): Promise<{ type: string; content: Buffer }> {
  if (!isUuid(mediaId) || !isUuid(merchantId)) throw notFound();
  const [row] = await db
    .select({ type: messageMedia.content_type, content: messageMedia.content })
    .from(messageMedia)
    .where(and(eq(messageMedia.id, mediaId), eq(messageMedia.merchant_id, merchantId)));
  if (row) return row;
  const folder = folderOf(dataDir, merchantId);
  try {
    const [type, content] = await Promise.all([
      readFile(join(folder, `${mediaId}.type`), 'utf8'),
      readFile(join(folder, mediaId)),
    ]);
    return { type, content };
  } catch {
    throw notFound();
  }
}
