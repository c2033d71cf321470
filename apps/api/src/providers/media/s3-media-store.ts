import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isMediaKey, type MediaStore } from './media-store';

export type S3MediaStoreOptions = {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An S3-compatible service's address (MinIO, R2, Ceph...); unset: AWS S3 of the region. */
  endpoint?: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (most S3-compatible services want it). */
  forcePathStyle: boolean;
};

/** Objects in an S3-compatible bucket, `<key>` with the content type as the object's Content-Type. */
export function createS3MediaStore(options: S3MediaStoreOptions): MediaStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const checked = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
    return key;
  };
  return {
    name: 's3',
    async put(key, content, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: options.bucket, Key: checked(key), Body: content, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: checked(key) }));
        if (!object.Body) return null;
        const content = Buffer.from(await object.Body.transformToByteArray());
        return { content, type: object.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
  };
}
