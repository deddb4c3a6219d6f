/** The part of s3rver (an S3-protocol server over a folder, for tests) that the test helpers use. */
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  /** The part of a Koa context a middleware of the tests reads and writes. */
  export type S3rverContext = {
    method: string;
    path: string;
    query: Record<string, string | undefined>;
    status: number;
    body: unknown;
    /** Sets a response header. */
    set(name: string, value: string): void;
  };
  export type S3rverMiddleware = (context: S3rverContext, next: () => Promise<void>) => Promise<void>;

  export type S3rverStore = {
    /** The file of one resource of an object: `object` (its bytes), `object.md5`, `metadata.json`. */
    getResourcePath(bucket: string, key: string, resource: string): string;
    getMetadata(bucket: string, key: string): Promise<Record<string, unknown>>;
    copyObject(
      srcBucket: string,
      srcKey: string,
      destBucket: string,
      destKey: string,
      replacementMetadata?: Record<string, unknown>,
    ): Promise<Record<string, unknown>>;
    deleteObject(bucket: string, key: string): Promise<void>;
  };

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    /** s3rver's filesystem store, which its controllers call for every operation. */
    store: S3rverStore;
    /** Koa's middleware stack, in order: the first entry sees every request first. */
    middleware: S3rverMiddleware[];
    httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
