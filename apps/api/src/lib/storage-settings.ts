import path from 'node:path';

/** Where the files go: the local content-addressed folder, or a bucket of an S3-compatible service. */
export type StorageSettings =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible service's address (MinIO, Ceph, R2…); absent for AWS itself. */
      endpoint: string | undefined;
      /** `https://host/bucket/key` rather than `https://bucket.host/key` (the default with an endpoint). */
      forcePathStyle: boolean;
      /** From the URL's user info; absent: the AWS SDK's default chain (environment, profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

/** A STORAGE_URL the server cannot use; the message never repeats the URL (it may hold a secret key). */
export class StorageUrlError extends Error {}

const S3_PARAMETERS = new Set(['endpoint', 'region', 'path_style']);
// S3's bucket naming rules: 3 to 63 lowercase letters, digits, dots and hyphens, a letter or digit at each end.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads STORAGE_URL: absent, the folder `DATA_DIR/files`; `file:///path`, that folder;
 * `s3://[access_key_id:secret_access_key@]bucket?endpoint=https://host&region=…&path_style=true|false`, a bucket.
 * The region falls back to `fallbackRegion` (AWS_REGION), then `us-east-1`. An unknown parameter is refused, so a
 * misspelt one never silently means the default.
 */
export function parseStorageUrl(
  value: string | undefined,
  defaults: { dataDir: string; fallbackRegion?: string },
): StorageSettings {
  if (!value) return { kind: 'local', dir: path.join(defaults.dataDir, 'files') };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorageUrlError('must be a file:// or s3:// URL');
  }
  if (url.protocol === 'file:') return { kind: 'local', dir: decodeURIComponent(url.pathname) };
  if (url.protocol !== 's3:') throw new StorageUrlError('must be a file:// or s3:// URL');

  const bucket = url.hostname;
  if (!BUCKET_NAME.test(bucket)) throw new StorageUrlError('s3:// needs a bucket name (s3://bucket?region=…)');
  if (url.port || (url.pathname !== '' && url.pathname !== '/')) {
    throw new StorageUrlError('s3:// takes a bucket name only, without port or path (s3://bucket?endpoint=…)');
  }
  for (const name of url.searchParams.keys()) {
    if (!S3_PARAMETERS.has(name)) {
      throw new StorageUrlError(`unknown parameter "${name}" (known: ${[...S3_PARAMETERS].join(', ')})`);
    }
  }
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint)) {
    throw new StorageUrlError('endpoint must be an http:// or https:// address without a path');
  }
  const pathStyle = url.searchParams.get('path_style');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new StorageUrlError('path_style must be true or false');
  }
  const region = url.searchParams.get('region') || defaults.fallbackRegion || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw new StorageUrlError('region must be a region name such as eu-west-1');
  if ((url.username === '') !== (url.password === '')) {
    throw new StorageUrlError('the user info must hold both the access key id and the secret (s3://id:secret@bucket)');
  }
  const credentials = url.username
    ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
    : undefined;
  return {
    kind: 's3',
    bucket,
    region,
    endpoint: endpoint?.replace(/\/$/, ''),
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    credentials,
  };
}
