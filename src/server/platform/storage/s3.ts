import type { S3Client } from '@aws-sdk/client-s3';
import { isStorageKey, newStorageKey, type FileStore } from './store';

export interface S3StoreOptions {
  bucket: string;
  /** Region of the bucket (`auto` for Cloudflare R2; any name for MinIO). */
  region: string;
  /** Address of an S3-compatible service (MinIO, R2); empty for AWS S3 itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name: what MinIO and most self-hosted services need. */
  forcePathStyle?: boolean;
  /** Prefix of every object's name, when the bucket holds more than this site's uploads. */
  prefix?: string;
}

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2), so that several servers share
 * them. Same contract as the disk store: random keys chosen here, never a visitor's name; objects
 * are private (no ACL granted; the site serves them through its routes, which check who asks).
 * Without keys the SDK's own chain is used (environment, instance role).
 */
/** The S3 store, with what backups need beyond the FileStore calls: every key, and writing under a given key. */
export interface S3FileStore extends FileStore {
  keys(): AsyncIterable<string>;
  putAt(key: string, bytes: Uint8Array): Promise<void>;
}

type Sdk = typeof import('@aws-sdk/client-s3');

export function createS3Store(options: S3StoreOptions): S3FileStore {
  // The SDK (some 20 MB resident) is loaded at the first upload or download, not in every process at
  // start: a site whose uploads stay on disk never loads it.
  let connecting: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: connectedClient(sdk, options) })));
  const objectName = (key: string) => `${options.prefix ?? ''}${key.slice(0, 2)}/${key}`;
  const isMissing = (sdk: Sdk, error: unknown) =>
    error instanceof sdk.NoSuchKey ||
    (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404);
  const putAt = async (key: string, bytes: Uint8Array) => {
    if (!isStorageKey(key)) throw new Error('Not a storage key.');
    const { sdk, client } = await connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: options.bucket,
        Key: objectName(key),
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: 'application/octet-stream',
      }),
    );
  };
  return {
    kind: 's3',
    putAt,
    async put(bytes) {
      const key = newStorageKey();
      await putAt(key, bytes);
      return key;
    },
    async *keys() {
      const { sdk, client } = await connect();
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: options.bucket, Prefix: options.prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.split('/').at(-1) ?? '';
          if (isStorageKey(key) && object.Key === objectName(key)) yield key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: objectName(key) }));
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: objectName(key) }));
    },
  };
}

function connectedClient(sdk: Sdk, options: S3StoreOptions): S3Client {
  return new sdk.S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: many compatible services reject the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
