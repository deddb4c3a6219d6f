import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { notFound } from './errors.ts';
import { isStorageKey, type ListedObject, type Storage, temporaryName, uploadMeter } from './storage.ts';
import type { StorageSettings } from './storage-settings.ts';

export type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/** S3's smallest part: an upload holds at most (QUEUE_SIZE + 1) parts in memory, whatever the file's size. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;
const TEMPORARY_PREFIX = 'tmp/';
const OBJECTS_PREFIX = 'files/';

/**
 * The S3 client of a store. Checksums only where S3 requires them (the SDK's default CRC headers are refused by
 * several S3-compatible services); keep-alive connections, bounded per host, so a burst of uploads queues for a
 * socket instead of opening hundreds; a connection that stays silent for two minutes is dropped.
 */
export function createS3Client(settings: S3Settings): S3Client {
  const agent = { keepAlive: true, maxSockets: 64 };
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 120_000, httpAgent: agent, httpsAgent: agent },
  });
}

/** The HTTP status of an S3 error (404 for NoSuchKey and HEAD's NotFound), if it came from the service. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

/**
 * The content-addressed store in an S3 bucket, with the local store's contract (`Storage`): the same keys
 * (`files/ab/cd/<sha256>`), claim before place, uploads streamed. An upload goes to `tmp/<time>-<random>.part`
 * with lib-storage's multipart `Upload`, hashed and counted on the way (413 past maxBytes aborts it); once claimed
 * it is copied under its content address unless that address already holds it (HEAD), then the temporary object
 * is deleted. Whatever fails, the only object left unknown to the registry is a temporary one, which
 * `sweepTemporary` removes by age. Multipart uploads a killed process left incomplete are invisible to listings:
 * the bucket's lifecycle rule `AbortIncompleteMultipartUpload` removes them (docs/operations.md#s3-storage).
 */
export function createS3Storage(settings: S3Settings, listing: { pageSize?: number } = {}): Storage {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;

  async function* listed(prefix: string): AsyncGenerator<ListedObject> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken, MaxKeys: listing.pageSize }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key && item.LastModified) {
          yield { key: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified };
        }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  const deleteObject = async (Key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  };

  const store: Storage = {
    async put(body, options = {}) {
      const Key = `${TEMPORARY_PREFIX}${temporaryName()}`;
      const { meter, object } = uploadMeter(options.maxBytes);
      // The body's own failure (or 413) is the answer, not the upload's abort that follows it; this listener runs
      // before the upload hears of it.
      let bodyError: unknown;
      meter.once('error', (error) => {
        bodyError = error;
      });
      pipeline(body, meter).catch(() => undefined);
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: meter, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      try {
        await upload.done();
      } catch (error) {
        // The service failed: stop reading the body (the pipeline then destroys it).
        meter.destroy();
        throw bodyError ?? error;
      }
      try {
        const stored = object();
        await options.claim?.(stored);
        if (!(await store.stat(stored.key))) {
          await client.send(
            new CopyObjectCommand({
              Bucket,
              Key: stored.key,
              CopySource: `${Bucket}/${Key}`,
              MetadataDirective: 'COPY',
            }),
          );
        }
        return stored;
      } finally {
        // A temporary object that cannot be deleted now is swept by age later; the upload's outcome stands.
        await deleteObject(Key).catch(() => undefined);
      }
    },

    get(key, range) {
      if (!isStorageKey(key)) throw notFound('http.fileNotFound');
      if (range && range.end <= range.start) return Readable.from([]);
      const abort = new AbortController();
      const Range = range ? `bytes=${range.start}-${range.end - 1}` : undefined;
      async function* bytes(): AsyncGenerator<Buffer> {
        let response: GetObjectCommandOutput;
        try {
          response = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }), {
            abortSignal: abort.signal,
          });
        } catch (error) {
          const status = statusOf(error);
          if (status === 404) throw notFound('http.fileNotFound');
          // A range starting past the end holds no bytes (the local store reads nothing there either).
          if (status === 416) return;
          throw error;
        }
        yield* response.Body as Readable;
      }
      const stream = Readable.from(bytes(), { objectMode: false });
      // A reader leaving before the end (a cut download) stops the request and frees its connection.
      stream.once('close', () => {
        if (!stream.readableEnded) abort.abort();
      });
      return stream;
    },

    async stat(key) {
      if (!isStorageKey(key)) return undefined;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw error;
      }
    },

    async delete(key) {
      if (isStorageKey(key)) await deleteObject(key);
    },

    async *objects() {
      for await (const object of listed(OBJECTS_PREFIX)) {
        if (isStorageKey(object.key)) yield object;
      }
    },

    async sweepTemporary(maxAgeMs) {
      const cutoff = Date.now() - maxAgeMs;
      const stale: string[] = [];
      for await (const object of listed(TEMPORARY_PREFIX)) {
        if (object.key.endsWith('.part') && object.modifiedAt.getTime() < cutoff) stale.push(object.key);
      }
      for (const key of stale) await deleteObject(key);
      return stale.length;
    },

    close() {
      client.destroy();
    },
  };
  return store;
}
