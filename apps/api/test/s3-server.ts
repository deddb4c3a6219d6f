import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import S3rver, { type S3rverStore } from 's3rver';
import type { S3Settings } from '../src/lib/storage-s3.ts';

/**
 * The files behind a store, as the tests see them: where an object's bytes lie on disk (to age or inspect them),
 * every key present, and a way to empty the store. The same for the local folder and for the S3 test server, so
 * one test reads both.
 */
export type StoreFiles = {
  /** The file holding the bytes of `key` (`files/…` or `tmp/…`). */
  fileOf(key: string): string;
  /** Writes an object directly (a file a crashed upload left, say), last modified at `modifiedAt`. */
  write(key: string, body: string | Uint8Array, modifiedAt?: Date): void;
  /** Every key in the store, sorted; on S3 also `uploads/<id>` for each multipart upload never completed or aborted. */
  keys(): string[];
  /** Empties the store. */
  clear(): void;
};

/** Every file under `dir`, relative to it with `/` separators. */
function filesUnder(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    );
}

/** Builds a StoreFiles from where a key's bytes lie and how the keys are listed. */
function storeFiles(root: string, fileOf: (key: string) => string, keys: () => string[]): StoreFiles {
  return {
    fileOf,
    write(key, body, modifiedAt = new Date()) {
      const file = fileOf(key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, body);
      fs.utimesSync(file, modifiedAt, modifiedAt);
    },
    keys: () => keys().sort(),
    clear() {
      for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
        fs.rmSync(path.join(root, name), { recursive: true, force: true });
      }
    },
  };
}

/** The local store's files: the key is the path under its folder. */
export function localStoreFiles(root: string): StoreFiles {
  return storeFiles(
    root,
    (key) => path.join(root, ...key.split('/')),
    () => filesUnder(root),
  );
}

const OBJECT_RESOURCES = ['metadata.json', 'object.md5', 'object'] as const;

type ListedPage = { objects: { key: string }[]; isTruncated: boolean };
type ListingContext = {
  query: Record<string, string | undefined>;
  store: { listObjects(bucket: string, options: { startAfter?: string }): Promise<ListedPage> };
  body: { ListBucketResult: Record<string, unknown> };
};
const bucketController = createRequire(import.meta.url)('s3rver/lib/controllers/bucket.js') as {
  getBucket(context: ListingContext): Promise<void>;
};

/**
 * ListObjectsV2 pages whose continuation token is the base64 of the last key listed (see startS3Server). s3rver's
 * controller runs unchanged, told the listing is not truncated, so it never builds a token of its own.
 */
function listWithPlainTokens(): void {
  const getBucket = bucketController.getBucket;
  if ((getBucket as { plainTokens?: true }).plainTokens) return;
  const listPage = async (context: ListingContext) => {
    const token = context.query['continuation-token'];
    if (context.query['list-type'] !== '2') return getBucket(context);
    const store = context.store;
    let next: string | undefined;
    const query = { ...context.query };
    delete query['continuation-token'];
    if (token) query['start-after'] = Buffer.from(token, 'base64').toString('utf8');
    context.query = query;
    context.store = Object.create(store, {
      listObjects: {
        value: async (bucket: string, options: { startAfter?: string }) => {
          const page = await store.listObjects(bucket, options);
          if (page.isTruncated) next = page.objects.at(-1)?.key;
          return { ...page, isTruncated: false };
        },
      },
    });
    await getBucket(context);
    const result = context.body.ListBucketResult;
    if (token) Object.assign(result, { ContinuationToken: token, StartAfter: undefined });
    if (next !== undefined) {
      Object.assign(result, { IsTruncated: true, NextContinuationToken: Buffer.from(next).toString('base64') });
    }
  };
  bucketController.getBucket = Object.assign(listPage, { plainTokens: true as const });
}

/** Atomic copies and deletes that leave the folders (see startS3Server). */
function makeS3Consistent(store: S3rverStore): void {
  const copyInPlace = store.copyObject.bind(store);
  store.copyObject = async (srcBucket, srcKey, destBucket, destKey, replacementMetadata) => {
    const staging = `.staging/${crypto.randomUUID()}`;
    await copyInPlace(srcBucket, srcKey, destBucket, staging, replacementMetadata);
    await fs.promises.mkdir(path.dirname(store.getResourcePath(destBucket, destKey, 'object')), { recursive: true });
    // The bytes go last: a reader sees the object once they are whole.
    for (const resource of OBJECT_RESOURCES) {
      await fs.promises.rename(
        store.getResourcePath(destBucket, staging, resource),
        store.getResourcePath(destBucket, destKey, resource),
      );
    }
    return store.getMetadata(destBucket, destKey);
  };
  store.deleteObject = async (bucket, key) => {
    for (const resource of OBJECT_RESOURCES) {
      await fs.promises.rm(store.getResourcePath(bucket, key, resource), { force: true });
    }
  };
}

export type S3TestServer = { settings: S3Settings; files: StoreFiles; stop(): Promise<void> };

const OBJECT_SUFFIX = '._S3rver_object';
const UPLOADS_DIR = '._S3rver_uploads';

/**
 * A real S3-protocol server (s3rver, over a temporary folder) on a free port of 127.0.0.1, with one bucket, and
 * the S3 settings that reach it. s3rver keeps each object as a file `<bucket>/<key>._S3rver_object` (its last
 * modification is the object's LastModified), which `files` reads and ages.
 *
 * Where s3rver 3.7 departs from S3, this helper makes it behave as S3 does (the provider is never adapted to it):
 * - it answers AbortMultipartUpload (DELETE ?uploadId) with MethodNotAllowed, never having implemented it: a
 *   middleware removes the upload's parts, so an aborted upload leaves nothing here as on S3;
 * - its CopyObject rewrites the target file in place, so a concurrent GET or HEAD of that key reads a partial
 *   object, where S3 shows the old object or the new one whole: the copy is staged under another key and renamed
 *   into place;
 * - its DeleteObject removes the folders it leaves empty, racing a PUT or copy into the same folder (ENOENT, a
 *   500): deletes leave the folders;
 * - its ListObjectsV2 continuation tokens are DES-encrypted, which Node's OpenSSL 3 no longer offers (a listing
 *   longer than a page fails with InternalError): the tokens are the base64 of the page's last key instead;
 * - its answers carry Node's cached `Date` header, up to a second behind the clock its signature check reads: when
 *   a test moves the clock (vi.setSystemTime), the SDK would correct a skew that does not exist and sign with a
 *   time the server then refuses. The header is the server's current time, as S3's is.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-s3-'));
  const bucket = 'confero-test';
  const bucketDir = path.join(directory, bucket);
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  server.middleware.unshift(async (context, next) => {
    context.set('Date', new Date().toUTCString());
    const uploadId = context.query.uploadId;
    if (context.method !== 'DELETE' || !uploadId || !context.path.startsWith(`/${bucket}/`)) return next();
    fs.rmSync(path.join(bucketDir, UPLOADS_DIR, path.basename(uploadId)), { recursive: true, force: true });
    context.status = 204;
    context.body = null;
  });
  makeS3Consistent(server.store);
  listWithPlainTokens();
  const { port } = await server.run();
  const fileOf = (key: string) => path.join(bucketDir, ...`${key}${OBJECT_SUFFIX}`.split('/'));
  const keys = () => [
    ...filesUnder(bucketDir)
      .filter((name) => name.endsWith(OBJECT_SUFFIX))
      .map((name) => name.slice(0, -OBJECT_SUFFIX.length)),
    ...(fs.existsSync(path.join(bucketDir, UPLOADS_DIR))
      ? fs.readdirSync(path.join(bucketDir, UPLOADS_DIR)).map((id) => `uploads/${id}`)
      : []),
  ];
  return {
    settings: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    files: storeFiles(bucketDir, fileOf, keys),
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
