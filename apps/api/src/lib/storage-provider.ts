import { createLocalStorage, type Storage } from './storage.ts';
import type { StorageSettings } from './storage-settings.ts';

/**
 * The store STORAGE_URL names: the local folder, or an S3 bucket. The AWS SDK is loaded only for a bucket, so a
 * server on a local folder never pays for it.
 */
export async function openStorage(settings: StorageSettings): Promise<Storage> {
  if (settings.kind === 'local') return createLocalStorage(settings.dir);
  const { createS3Storage } = await import('./storage-s3.ts');
  return createS3Storage(settings);
}
