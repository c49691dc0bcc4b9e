import path from 'node:path';
import type { Env } from '../env';
import { createS3Store, type S3StoreOptions } from './s3';
import { createDiskStore, type FileStore } from './store';

/** The bucket the configuration names (S3_*), or undefined when uploads stay on disk. */
export function s3OptionsFromConfig(config: Env): S3StoreOptions | undefined {
  if (!config.S3_BUCKET) return undefined;
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  };
}

/** The store the configuration names: the S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function storeFromConfig(config: Env): FileStore {
  const s3 = s3OptionsFromConfig(config);
  return s3 ? createS3Store(s3) : createDiskStore(path.join(config.DATA_DIR, 'uploads'));
}
