import { randomUUID } from 'node:crypto';
import { HttpError } from '../../lib/http-errors';
import type { ProviderContext } from '../../lib/service-context';
import { MEDIA_STORE_UNAVAILABLE, mediaKeyOf, mediaUrl } from './media-store';

/**
 * Keeps an uploaded attachment (already checked) in the media store and answers its media_path. Nothing is written
 * to the database: the path names the file, and a store that fails leaves nothing behind but a 503.
 */
export async function uploadMedia(
  ctx: Pick<ProviderContext, 'providers' | 'log'>,
  merchantId: string,
  file: { content: Buffer; type: string },
): Promise<string> {
  const id = randomUUID();
  try {
    await ctx.providers.media.put(mediaKeyOf(merchantId, id), file.content, file.type);
  } catch (error) {
    ctx.log.error({ err: error, store: ctx.providers.media.name }, 'an uploaded attachment could not be stored');
    throw new HttpError('service_unavailable', MEDIA_STORE_UNAVAILABLE);
  }
  return mediaUrl(merchantId, id);
}
