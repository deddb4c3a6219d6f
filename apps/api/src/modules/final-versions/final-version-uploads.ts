import { pipeline, type Readable } from 'node:stream';
import { SUPPLEMENTARY_MAX_MB_MAX } from '@confero/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import yauzl from 'yauzl';
import { AppError, fieldErrors } from '../../lib/errors.ts';
import type { Storage, StoredObject } from '../../lib/storage.ts';
import { assertCleanText } from '../../plugins/input.ts';
import { emptyFileError, headGuard, pdfGuard, storageSink, uploadError } from '../submissions/files.ts';
import { claimStoredObject } from '../submissions/stored-objects.ts';
import { onField } from './final-version-errors.ts';

/*
 * The final version's multipart form (`POST submissions/{id}/final-version/`): text fields, the final PDF (`file`,
 * through the papers' `pdfGuard`: `%PDF-` in its first bytes, at most MAX_UPLOAD_MB) and supplementary material
 * (`supplementary`: a PDF or a ZIP by its first bytes, at most the event's `supplementary_max_mb`). Both stream into
 * the content-addressed store, claimed in the registry of stored files as the paper's upload is
 * (`modules/submissions/stored-objects.ts`); a refused send leaves them to the sweep.
 */

const MB = 1024 * 1024;
const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MAX_FIELD_BYTES = 256 * 1024;

export type SupplementaryType = 'pdf' | 'zip';
export type FinalUpload = { object: StoredObject; filename: string; type?: SupplementaryType };
export type FinalVersionForm = {
  fields: Map<string, string[]>;
  file: FinalUpload | undefined;
  supplementary: FinalUpload | undefined;
};

/** Multipart for the final version's routes: two files, the larger of the paper limit and the supplementary bound. */
export async function registerFinalVersionUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: Math.max(app.config.maxUploadBytes, SUPPLEMENTARY_MAX_MB_MAX * MB),
      files: 2,
      fields: 20,
      parts: 22,
      fieldSize: MAX_FIELD_BYTES,
      fieldNameSize: 100,
      headerPairs: 100,
    },
  });
}

const supplementaryError = (
  status: number,
  code: 'VALIDATION_ERROR' | 'PAYLOAD_TOO_LARGE',
  key: Parameters<typeof fieldErrors>[0][number]['key'],
  params: Record<string, unknown> = {},
) => fieldErrors([{ field: 'supplementary', key, params }], { status, code });

/**
 * A pass-through that refuses supplementary material while it streams: neither a PDF (`%PDF-`) nor a ZIP (`PK\3\4`)
 * by its first bytes (400), more than `maxMb` megabytes (413), or empty (400). Reports the type it found.
 */
export function supplementaryGuard(
  source: { truncated?: boolean },
  maxMb: number,
  found: (type: SupplementaryType) => void,
) {
  return headGuard(source, {
    maxBytes: maxMb * MB,
    check: (head) => {
      if (head.length < PDF_MAGIC.length) return 'more';
      const type = head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)
        ? 'zip'
        : head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)
          ? 'pdf'
          : undefined;
      if (type) found(type);
      return type !== undefined;
    },
    tooLarge: () => supplementaryError(413, 'PAYLOAD_TOO_LARGE', 'finalVersions.supplementaryTooLarge', { max: maxMb }),
    wrongType: () => supplementaryError(400, 'VALIDATION_ERROR', 'finalVersions.supplementaryType'),
    empty: () => onField(emptyFileError(), 'supplementary') as Error,
  });
}

/**
 * Reads the final version's form part by part: text fields into a map, `file` and `supplementary` into the store
 * through their guards (the first of each; other file parts are drained). A failure is answered on its field.
 */
export async function readFinalVersionForm(
  request: FastifyRequest,
  storage: Storage,
  limits: { maxPdfBytes: number; supplementaryMaxMb: number; claimDb: Parameters<typeof claimStoredObject>[0] },
): Promise<FinalVersionForm> {
  const fields = new Map<string, string[]>();
  const form: FinalVersionForm = { fields, file: undefined, supplementary: undefined };
  const sinkBytes = Math.max(limits.maxPdfBytes, limits.supplementaryMaxMb * MB);
  const sink = storageSink(storage, sinkBytes, claimStoredObject(limits.claimDb));
  let field = 'file';
  try {
    if (!request.isMultipart()) throw uploadError({ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' }, limits.maxPdfBytes);
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        field = part.fieldname;
        if (part.fieldname === 'file' && !form.file) {
          const guarded = pipeline(part.file, pdfGuard(part.file, limits.maxPdfBytes), () => undefined);
          form.file = { object: await sink(guarded), filename: part.filename ?? '' };
        } else if (part.fieldname === 'supplementary' && !form.supplementary) {
          let type: SupplementaryType = 'pdf';
          const guard = supplementaryGuard(part.file, limits.supplementaryMaxMb, (found) => {
            type = found;
          });
          const guarded = pipeline(part.file, guard, () => undefined);
          form.supplementary = { object: await sink(guarded), filename: part.filename ?? '', type };
        } else {
          part.file.resume();
        }
        continue;
      }
      field = part.fieldname;
      const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      assertCleanText(part.fieldname, value);
      fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), value]);
    }
  } catch (error) {
    const mapped = uploadError(error, field === 'supplementary' ? limits.supplementaryMaxMb * MB : limits.maxPdfBytes);
    throw field === 'file' || field === 'supplementary' ? onField(mapped, field) : mapped;
  }
  return form;
}

/**
 * A reader of a stored file's byte ranges for yauzl, which asks for one range per central directory record: each
 * streams only its own bytes from the store.
 */
class StoredRangeReader extends yauzl.RandomAccessReader {
  private readonly storage: Storage;
  private readonly key: string;

  constructor(storage: Storage, key: string) {
    super();
    this.storage = storage;
    this.key = key;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return this.storage.get(this.key, { start, end });
  }
}

/**
 * Whether a stored ZIP opens: its end record and its whole central directory are read (streamed from the store, never
 * the file in memory) and each entry's record checked by yauzl. 400 on `supplementary` when it does not.
 */
export async function assertZipOpens(storage: Storage, object: StoredObject): Promise<number> {
  const reader = new StoredRangeReader(storage, object.key);
  const invalid = () => supplementaryError(400, 'VALIDATION_ERROR', 'finalVersions.supplementaryInvalidZip');
  try {
    return await new Promise<number>((resolve, reject) => {
      yauzl.fromRandomAccessReader(reader, object.size, { lazyEntries: true, autoClose: true }, (error, zip) => {
        if (error || !zip) return reject(error ?? new Error('no zip'));
        let entries = 0;
        zip.on('entry', () => {
          entries += 1;
          zip.readEntry();
        });
        zip.on('end', () => resolve(entries));
        zip.on('error', reject);
        zip.readEntry();
      });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid();
  }
}
