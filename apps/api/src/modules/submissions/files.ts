import { pipeline, type Readable, Transform } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, messageError } from '../../lib/errors.ts';
import { type ClaimObject, type Storage, type StoredObject, UPLOAD_STREAM_BUFFER_BYTES } from '../../lib/storage.ts';
import { assertCleanText } from '../../plugins/input.ts';
import { readPdfPageCountInWorker } from '../ai/extraction/pdf-worker.ts';
import { submissionError } from './submission-errors.ts';

/*
 * PDF uploads: the multipart file is streamed — never buffered whole with the request — through a guard that
 * checks the first bytes (`%PDF-`), counts the size against MAX_UPLOAD_MB (busboy's fileSize limit truncates the
 * stream; the guard turns that into 413), and into the content-addressed store, which hashes while it writes and
 * claims the file in the registry of stored files before placing it. Only then is the stored file parsed once
 * (page count; a corrupt PDF → 400 INVALID_PDF). A refused upload leaves its file to the periodic sweep
 * (stored-objects.ts): identical bytes are shared, so a concurrent upload may be about to refer to it.
 */

/** Where the PDF header may start: PDF readers accept it within the first 1024 bytes. */
const HEADER_WINDOW = 1024;
const PDF_MAGIC = Buffer.from('%PDF-');
/** Text fields: an abstract is at most 10 000 characters; the author list JSON stays far below this. */
const MAX_FIELD_BYTES = 256 * 1024;

/**
 * Registers @fastify/multipart on a route plugin's context (encapsulated: other modules are unaffected), with the
 * limits from the configuration: one file of at most MAX_UPLOAD_MB, bounded text fields.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: app.config.maxUploadBytes,
      files: 1,
      fields: 100,
      parts: 101,
      fieldSize: MAX_FIELD_BYTES,
      fieldNameSize: 100,
      headerPairs: 100,
    },
  });
}

export const fileTooLargeError = (maxBytes: number) =>
  submissionError(
    413,
    'PAYLOAD_TOO_LARGE',
    'submissions.fileTooLarge',
    { max: Math.round((maxBytes / (1024 * 1024)) * 100) / 100 },
    { max_bytes: maxBytes },
  );
export const notPdfError = () => submissionError(415, 'UNSUPPORTED_MEDIA_TYPE', 'submissions.fileNotPdf');
/** The 415 of the extraction: 'File is not a valid PDF.' is part of the public API contract; keep it verbatim. */
export const notValidPdfError = () => submissionError(415, 'UNSUPPORTED_MEDIA_TYPE', 'submissions.invalidPdf');
export const emptyFileError = () => submissionError(400, 'EMPTY_FILE', 'submissions.fileEmpty');
export const invalidPdfError = () => submissionError(400, 'INVALID_PDF', 'submissions.invalidPdf');
export const uploadIncompleteError = () => submissionError(400, 'UPLOAD_INCOMPLETE', 'submissions.uploadIncomplete');

/** What a `headGuard` reads from the bytes seen so far: they pass (true), are refused (false), or it waits ('more'). */
export type HeadCheck = (head: Buffer) => boolean | 'more';

/**
 * A pass-through that refuses an upload while its bytes stream: a head `check` refuses (`wrongType`), more than
 * `maxBytes` or a stream the multipart parser truncated at its limit (`tooLarge`), an empty file (`empty`), and a
 * file that ends before its check passed (`wrongType`).
 */
export function headGuard(
  source: { truncated?: boolean },
  options: { maxBytes: number; check: HeadCheck; tooLarge: () => Error; wrongType: () => Error; empty: () => Error },
): Transform {
  let head: Buffer | undefined = Buffer.alloc(0);
  let total = 0;
  return new Transform({
    highWaterMark: UPLOAD_STREAM_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > options.maxBytes) return callback(options.tooLarge());
      if (head === undefined) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      const passed = options.check(head);
      if (passed === 'more') return callback();
      if (!passed) return callback(options.wrongType());
      const out = head;
      head = undefined;
      return callback(null, out);
    },
    flush(callback) {
      if (source.truncated) callback(options.tooLarge());
      else if (total === 0) callback(options.empty());
      else if (head !== undefined) callback(options.wrongType());
      else callback();
    },
  });
}

/**
 * A pass-through that refuses, while the bytes stream: anything without `%PDF-` in its first 1024 bytes (415), more
 * than `maxBytes` or a stream the multipart parser truncated at its limit (413), and an empty file (400).
 */
export function pdfGuard(
  source: { truncated?: boolean },
  maxBytes: number,
  notPdf: () => AppError = notPdfError,
): Transform {
  return headGuard(source, {
    maxBytes,
    check: (head) =>
      head.subarray(0, HEADER_WINDOW + PDF_MAGIC.length).includes(PDF_MAGIC) ||
      (head.length >= HEADER_WINDOW + PDF_MAGIC.length ? false : 'more'),
    tooLarge: () => fileTooLargeError(maxBytes),
    wrongType: notPdf,
    empty: emptyFileError,
  });
}

/** Maps what can go wrong while reading a multipart body to the API's errors. */
export function uploadError(error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLargeError(maxBytes);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return messageError(413, 'PAYLOAD_TOO_LARGE', 'submissions.uploadTooManyParts');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return submissionError(415, 'UNSUPPORTED_MEDIA_TYPE', 'submissions.multipartRequired');
  }
  return uploadIncompleteError();
}

export type UploadedFile<T> = { result: T; filename: string; mimetype: string };
export type MultipartForm<T> = { fields: Map<string, string[]>; file: UploadedFile<T> | undefined };

/**
 * Reads a multipart body part by part: text fields into a map, the part named `file` through `pdfGuard` into
 * `sink` (the store, or memory). Other file parts are drained and ignored. Any failure is mapped (uploadError).
 */
export async function readMultipartForm<T>(
  request: FastifyRequest,
  options: {
    maxBytes: number;
    sink: (body: Readable) => Promise<T>;
    /** The 415 for a file that is not a PDF (the extraction answers its fixed 'File is not a valid PDF.'). */
    notPdf?: () => AppError;
  },
): Promise<MultipartForm<T>> {
  const fields = new Map<string, string[]>();
  let file: UploadedFile<T> | undefined;
  try {
    if (!request.isMultipart()) throw submissionError(415, 'UNSUPPORTED_MEDIA_TYPE', 'submissions.multipartRequired');
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        const guarded = pipeline(part.file, pdfGuard(part.file, options.maxBytes, options.notPdf), () => undefined);
        const result = await options.sink(guarded);
        file = { result, filename: part.filename ?? '', mimetype: part.mimetype ?? '' };
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) {
        throw submissionError(413, 'PAYLOAD_TOO_LARGE', 'submissions.fieldTooLarge', { field: part.fieldname });
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      assertCleanText(part.fieldname, value);
      fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), value]);
    }
  } catch (error) {
    throw uploadError(error, options.maxBytes);
  }
  return { fields, file };
}

/**
 * An upload placed in the store, with its bytes when it was small enough to keep them while it streamed (see
 * `storageSink`): the page count then parses them without reading the file back from the store.
 */
export type StoredUpload = StoredObject & { bytes?: Uint8Array };

/**
 * The largest upload whose bytes the sink keeps in memory while they stream to the store (a paper is a few MB). The
 * page count needs the whole file in memory anyway; kept, it is not read back from the store (a file read, or an S3
 * GET, per upload). A larger upload is read back, so a slow one does not hold its bytes for the whole transfer.
 */
export const KEEP_UPLOADED_BYTES = 8 * 1024 * 1024;

/**
 * A sink into the content-addressed store (hashing while it streams), claiming the file before it is placed, keeping
 * the bytes of an upload up to `keepBytes`.
 */
export function storageSink(storage: Storage, maxBytes: number, claim: ClaimObject, keepBytes = KEEP_UPLOADED_BYTES) {
  return async (body: Readable): Promise<StoredUpload> => {
    let chunks: Buffer[] | undefined = [];
    let kept = 0;
    const keep = new Transform({
      highWaterMark: UPLOAD_STREAM_BUFFER_BYTES,
      transform(chunk: Buffer, _encoding, callback) {
        kept += chunk.length;
        if (kept > keepBytes) chunks = undefined;
        else chunks?.push(chunk);
        callback(null, chunk);
      },
    });
    const object = await storage.put(
      pipeline(body, keep, () => undefined),
      { maxBytes, claim },
    );
    if (!chunks || kept !== object.size) return object;
    const bytes = new Uint8Array(object.size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return { ...object, bytes };
  };
}

/** A sink into memory (for extraction, which stores nothing); the guard bounds it to maxBytes. */
export async function memorySink(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The bytes of a stored object (to parse it). With its `size` (the registry's), read straight into one array of that
 * size: one copy of the file in memory instead of the store's chunks and their concatenation; bytes that do not
 * fill it exactly are refused (400 UPLOAD_INCOMPLETE).
 */
export async function readStoredBytes(storage: Storage, key: string, size?: number): Promise<Uint8Array> {
  if (size === undefined) {
    const chunks: Buffer[] = [];
    for await (const chunk of storage.get(key)) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for await (const chunk of storage.get(key)) {
    const part = chunk as Buffer;
    if (at + part.length > size) throw uploadIncompleteError();
    bytes.set(part, at);
    at += part.length;
  }
  if (at !== size) throw uploadIncompleteError();
  return bytes;
}

/**
 * The bytes of a file this request uploaded: those the sink kept, else read from the store; 400 UPLOAD_INCOMPLETE
 * when the sweep freed it meanwhile (the transaction that refers to it checks that again, `holdStoredObject`).
 */
export async function readUploadedBytes(storage: Storage, upload: StoredUpload): Promise<Uint8Array> {
  if (upload.bytes) return upload.bytes;
  try {
    return await readStoredBytes(storage, upload.key, upload.size);
  } catch (error) {
    const gone =
      (error instanceof AppError && error.code === 'NOT_FOUND') || (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (gone) throw uploadIncompleteError();
    throw error;
  }
}

/**
 * Parses a PDF once, in the worker pool: its page count. 400 INVALID_PDF when pdf.js cannot read it or it has no
 * page. The bytes are moved to the pool's thread (pdf-worker.ts): the caller's array is emptied.
 */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  try {
    const pageCount = await readPdfPageCountInWorker(bytes);
    if (pageCount < 1) throw invalidPdfError();
    return pageCount;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_PDF') throw invalidPdfError();
    throw error;
  }
}

export type { StoredObject };
