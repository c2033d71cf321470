import { and, eq } from 'drizzle-orm';
import { messageMedia } from '../../db/schema/messaging';
import { HttpError, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/ids';
import type { ProviderContext } from '../../lib/service-context';
import type { StoredMedia } from '../../providers/media/media-store';
import { MEDIA_STORE_UNAVAILABLE, mediaKeyOf } from './media-store';

/**
 * An attachment of the merchant, else 404: an MMS received (its row; the content in the row when it came before the
 * media store, else in the store under the row's key) or an upload (in the store under the merchant's prefix).
 */
export async function readMedia(
  ctx: Pick<ProviderContext, 'db' | 'providers' | 'log'>,
  merchantId: string,
  mediaId: string,
): Promise<StoredMedia> {
  if (!isUuid(mediaId) || !isUuid(merchantId)) throw notFound();
  const [row] = await ctx.db
    .select({ type: messageMedia.content_type, content: messageMedia.content, key: messageMedia.storage_key })
    .from(messageMedia)
    .where(and(eq(messageMedia.id, mediaId), eq(messageMedia.merchant_id, merchantId)));
  if (row?.content) return { type: row.type, content: row.content };
  const key = row?.key ?? mediaKeyOf(merchantId, mediaId);
  let stored: StoredMedia | null;
  try {
    stored = await ctx.providers.media.get(key);
  } catch (error) {
    ctx.log.error({ err: error, store: ctx.providers.media.name }, 'an attachment could not be read');
    throw new HttpError('service_unavailable', MEDIA_STORE_UNAVAILABLE);
  }
  if (!stored) throw notFound();
  return row ? { type: row.type, content: stored.content } : stored;
}
