/** The URL the chat reads an attachment at (the same shape for uploads and MMS received). */
export const mediaUrl = (merchantId: string, mediaId: string) =>
  `/api/merchants/${merchantId}/message_media/${mediaId}/`;

/**
 * Where an attachment is kept in the media store (providers/media): `message-media/<merchant>/<id>`, the layout the
 * data folder always had, so a merchant's files are under its own prefix and another merchant's id finds nothing.
 */
export const mediaKeyOf = (merchantId: string, mediaId: string) => `message-media/${merchantId}/${mediaId}`;

/** What the client is told when the media store cannot be reached (503: worth trying again). */
export const MEDIA_STORE_UNAVAILABLE = 'The attachment store could not be reached. Please try again shortly.';
