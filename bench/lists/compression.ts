/**
 * The cost of compressing one answer at the levels the server could use: brotli quality 1–4, gzip level 1–4 and zstd
 * level 1–3 (when Node's zlib has it), each the median of several runs in this process, with the size it gives.
 */
import zlib from 'node:zlib';
import { percentile } from '../load/workload.ts';

const RUNS = 7;

type Encoder = { name: string; compress: (input: Buffer) => Buffer };

function encoders(): Encoder[] {
  const list: Encoder[] = [];
  for (const quality of [1, 2, 3, 4]) {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: 0 };
    list.push({ name: `brotli q${quality}`, compress: (input) => zlib.brotliCompressSync(input, { params }) });
  }
  for (const level of [1, 2, 3, 4]) {
    list.push({ name: `gzip ${level}`, compress: (input) => zlib.gzipSync(input, { level }) });
  }
  if (typeof zlib.zstdCompressSync === 'function') {
    for (const level of [1, 2, 3]) {
      const params = { [zlib.constants.ZSTD_c_compressionLevel]: level };
      list.push({ name: `zstd ${level}`, compress: (input) => zlib.zstdCompressSync(input, { params }) });
    }
  }
  return list;
}

/** Prints one line per encoder: the median CPU time and the compressed size (and ratio) of `body`. */
export function printCompressionTable(body: string): void {
  const input = Buffer.from(body);
  console.log(`compression of one whole-list answer (${(input.length / 1024).toFixed(0)} KB), median of ${RUNS}:`);
  for (const encoder of encoders()) {
    const times: number[] = [];
    let size = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = process.cpuUsage();
      size = encoder.compress(input).length;
      const used = process.cpuUsage(started);
      times.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${encoder.name.padEnd(10)} ${percentile(times, 0.5).toFixed(1).padStart(6)} ms CPU, ` +
        `${(size / 1024).toFixed(0).padStart(5)} KB (${(input.length / size).toFixed(1)}:1)`,
    );
  }
}
