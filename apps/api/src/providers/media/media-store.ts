/** A stored file and the content type it was stored with. */
export type StoredMedia = { content: Buffer; type: string };

/**
 * Where attachments are kept: the local data folder (the default) or an S3-compatible bucket. A key is a path of
 * `/`-separated segments of letters, digits, `_` and `-` (see `isMediaKey`), namespaced by the caller (the
 * merchant's id comes first, so one merchant's key never names another's file). A store is outside the database:
 * never call it inside a transaction.
 */
export type MediaStore = {
  name: 'local' | 's3';
  /** Keeps `content` under `key` (replacing what was there); throws when the store cannot take it. */
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none; throws when the store cannot be read. */
  get(key: string): Promise<StoredMedia | null>;
};

const MEDIA_KEY = /^[\w-]+(\/[\w-]+)*$/;

/** Whether `key` is a store key: no empty, `.` or `..` segment, nothing a folder or a bucket would read otherwise. */
export const isMediaKey = (key: string) => key.length <= 512 && MEDIA_KEY.test(key);
