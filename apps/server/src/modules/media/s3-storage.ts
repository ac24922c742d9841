// Images in an S3-compatible bucket (S3_BUCKET), through the AWS SDK v3: AWS S3, Cloudflare R2,
// MinIO, Scaleway… Every process (on any machine) sees the same objects.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type * as AwsSdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import type { ImageStorage, ListedObject, StoredObject } from './image-storage.ts';

type Sdk = typeof AwsSdk;
let sdk: Promise<Sdk> | undefined;

/**
 * The AWS SDK, loaded when a bucket is first used: it is ~6 MB of every process's heap, which a
 * shop keeping its images in a folder (the default) does not need.
 */
function loadSdk(): Promise<Sdk> {
  return (sdk ??= import('@aws-sdk/client-s3'));
}

function isMissing(aws: Sdk, error: unknown): boolean {
  return (
    error instanceof aws.S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

export async function s3Client(s3: S3Config): Promise<S3Client> {
  const aws = await loadSdk();
  return new aws.S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // The SDK's default (since 3.729) adds CRC32 checksums, which several S3-compatible services
    // refuse or store as part of the object; only where an operation requires one. Integrity of
    // uploads is kept by the Content-MD5 every put sends, which all of them check.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // An unreachable service fails a request in seconds instead of holding it (and /readyz).
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
}

export function s3ImageStorage(s3: S3Config): ImageStorage {
  let ready: Promise<{ aws: Sdk; client: S3Client }> | undefined;
  const connected = () => (ready ??= Promise.all([loadSdk(), s3Client(s3)]).then(([aws, client]) => ({ aws, client })));
  const Bucket = s3.bucket;

  async function get(key: string): Promise<StoredObject | null> {
    const { aws, client } = await connected();
    try {
      const object = await client.send(new aws.GetObjectCommand({ Bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return {
        body: object.Body,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? 'application/octet-stream',
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      if (isMissing(aws, error)) return null;
      throw error;
    }
  }

  async function* list(): AsyncIterable<ListedObject> {
    const { aws, client } = await connected();
    let token: string | undefined;
    do {
      const page = await client.send(
        // The delimiter leaves out the resized copies, which live under `.variants/`.
        new aws.ListObjectsV2Command({ Bucket, Delimiter: '/', ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified) yield { key: object.Key, lastModified: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    kind: 'bucket',
    get,
    async put(key, data, contentType) {
      const { aws, client } = await connected();
      const md5 = createHash('md5').update(data).digest('base64');
      await client.send(
        new aws.PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, ContentMD5: md5 }),
      );
    },
    async exists(key) {
      const { aws, client } = await connected();
      try {
        await client.send(new aws.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(aws, error)) return false;
        throw error;
      }
    },
    async delete(keys) {
      const { aws, client } = await connected();
      // One call per key: DeleteObjects needs a checksum header some S3-compatible services refuse.
      await Promise.all(keys.map((key) => client.send(new aws.DeleteObjectCommand({ Bucket, Key: key }))));
    },
    list,
    async check(signal) {
      const { aws, client } = await connected();
      await client.send(new aws.HeadBucketCommand({ Bucket }), { abortSignal: signal });
    },
    publicUrl: (key) => (s3.publicUrl ? `${s3.publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}` : null),
    close: () =>
      void ready?.then(
        ({ client }) => client.destroy(),
        () => undefined,
      ),
  };
}
