import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TextEmbeddings } from '../providers/index.ts';

export type EmbeddingCacheStats = {
  /** Texts asked for, repeats included. */
  requested: number;
  /** Answered from memory or from the folder. */
  cached: number;
  /** Sent to the model. */
  embedded: number;
};

export type CachedEmbeddings = TextEmbeddings & { readonly stats: EmbeddingCacheStats };

/**
 * The embeddings of `source`, each distinct text embedded once: kept in memory for the life of the object and, when
 * `dir` is given, also in that folder (one little-endian float32 file per text, named by the SHA-256 of the text,
 * under a sub-folder per model and input limit), so a later run does not pay for them again. A text asked for twice
 * in one call is sent once. A file that cannot be read is treated as missing; one that cannot be written is skipped.
 */
export function cachedEmbeddings(source: TextEmbeddings, options: { dir?: string } = {}): CachedEmbeddings {
  const memory = new Map<string, Float32Array>();
  const stats: EmbeddingCacheStats = { requested: 0, cached: 0, embedded: 0 };
  const folder = options.dir
    ? path.join(options.dir, `${source.model.replace(/[^\w.-]+/g, '_')}-${source.maxInputTokens}`)
    : undefined;
  const keyOf = (text: string) => createHash('sha256').update(text).digest('hex');

  async function readFile(key: string): Promise<Float32Array | undefined> {
    if (!folder) return undefined;
    try {
      const bytes = await fs.readFile(path.join(folder, `${key}.f32`));
      if (bytes.length === 0 || bytes.length % 4 !== 0) return undefined;
      const vector = new Float32Array(bytes.length / 4);
      for (let i = 0; i < vector.length; i++) vector[i] = bytes.readFloatLE(i * 4);
      return vector;
    } catch {
      return undefined;
    }
  }

  async function writeFile(key: string, vector: Float32Array): Promise<void> {
    if (!folder) return;
    const bytes = Buffer.alloc(vector.length * 4);
    vector.forEach((value, i) => {
      bytes.writeFloatLE(value, i * 4);
    });
    const file = path.join(folder, `${key}.f32`);
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await fs.mkdir(folder, { recursive: true });
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, file);
    } catch {
      await fs.rm(temporary, { force: true });
    }
  }

  return {
    model: source.model,
    maxInputTokens: source.maxInputTokens,
    stats,
    async embed(texts) {
      stats.requested += texts.length;
      const keys = texts.map(keyOf);
      const missing = new Map<string, string>();
      for (const [i, key] of keys.entries()) {
        if (memory.has(key) || missing.has(key)) continue;
        const stored = await readFile(key);
        if (stored) memory.set(key, stored);
        else missing.set(key, texts[i] as string);
      }
      if (missing.size > 0) {
        const vectors = await source.embed([...missing.values()]);
        stats.embedded += missing.size;
        let i = 0;
        for (const key of missing.keys()) {
          const vector = vectors[i++] as Float32Array;
          memory.set(key, vector);
          await writeFile(key, vector);
        }
      }
      stats.cached += texts.length - missing.size;
      return keys.map((key) => memory.get(key) as Float32Array);
    },
  };
}
