import v8 from 'node:v8';

/**
 * The V8 setting every process of the server runs with (the HTTP processes, the job process and their worker
 * threads, which share the process's flags), set by their entry points before they serve.
 *
 * External memory counted in the heap's global limit: the bytes of Buffers and ArrayBuffers (an upload's socket
 * reads, its kept bytes, a PDF handed to a pool thread) live outside V8's heap, and by default every 64 MB of them
 * allocated since the last collection starts a full mark-compact of the whole heap, however little of it is garbage.
 * At 20 uploads of 1 MB a second per process that was a full collection every half second: about half the server's
 * CPU per upload went to V8's marking threads. Counted in the global limit instead, external memory triggers a
 * collection when heap and external memory together reach a limit that grows with the live heap, as the heap's own
 * allocations do. Measured (`bench/load`, 40 uploads/s): server CPU per upload 25 → 18 ms, upload p99 761 → 239 ms,
 * the processes' resident memory at the peak about 350 MB higher.
 */
export function tuneGarbageCollection(): void {
  v8.setFlagsFromString('--external-memory-accounted-in-global-limit');
}
