// A local HTTP fake of the S3 API the media store uses (no network in tests): PutObject and GetObject, path-style
// (/<bucket>/<key>). Every request must carry an AWS SigV4 Authorization header naming the configured access key
// (the signature itself is not checked); a missing key answers S3's NoSuchKey 404, and `fail` makes every request
// answer an error until it is called again with null.
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type S3FakeRequest = { method: string; key: string; accessKeyId: string | null };

export type S3Fake = {
  url: string;
  bucket: string;
  accessKeyId: string;
  /** The objects kept, by key (without the bucket). */
  objects: Map<string, { content: Buffer; type: string }>;
  /** Every request, in order (refused ones too). */
  requests: S3FakeRequest[];
  /** Answer every request with this HTTP status (S3's InternalError body) until called with null. */
  fail(status: number | null): void;
  close(): Promise<void>;
};

const errorXml = (code: string, message: string, key = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
  `<Key>${key}</Key><RequestId>${randomUUID()}</RequestId></Error>`;

/** A SigV4 Authorization header: `AWS4-HMAC-SHA256 Credential=<key id>/<date>/<region>/s3/aws4_request, ...`. */
const SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/[^/]+\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/;

const accessKeyOf = (authorization: string | undefined) => SIGV4.exec(authorization ?? '')?.[1] ?? null;

export async function startS3Fake(options: { bucket?: string; accessKeyId?: string } = {}): Promise<S3Fake> {
  const bucket = options.bucket ?? 'paydesk-media';
  const accessKeyId = options.accessKeyId ?? 'AKIAFAKE0000EXAMPLE';
  const objects = new Map<string, { content: Buffer; type: string }>();
  const requests: S3FakeRequest[] = [];
  let failure: number | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://fake').pathname);
      const key = path.startsWith(`/${bucket}/`) ? path.slice(bucket.length + 2) : '';
      const given = accessKeyOf(request.headers.authorization);
      requests.push({ method: request.method ?? '', key, accessKeyId: given });
      const xml = (status: number, body: string) => send(response, status, { 'content-type': 'application/xml' }, body);
      if (given !== accessKeyId) {
        return xml(403, errorXml('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist.'));
      }
      if (failure !== null) return xml(failure, errorXml('InternalError', 'We encountered an internal error.'));
      if (!key) return xml(404, errorXml('NoSuchBucket', 'The specified bucket does not exist.'));
      if (request.method === 'PUT') {
        const type = request.headers['content-type'] ?? 'binary/octet-stream';
        objects.set(key, { content: Buffer.concat(chunks), type });
        return send(response, 200, { etag: `"${randomUUID()}"` }, '');
      }
      if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) return xml(404, errorXml('NoSuchKey', 'The specified key does not exist.', key));
        return send(
          response,
          200,
          { 'content-type': object.type, 'content-length': object.content.length },
          object.content,
        );
      }
      return xml(405, errorXml('MethodNotAllowed', 'The specified method is not allowed against this resource.'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    objects,
    requests,
    fail: (status) => void (failure = status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string | number>,
  body: string | Buffer,
) {
  response.writeHead(status, { 'x-amz-request-id': randomUUID(), ...headers });
  response.end(body);
}
