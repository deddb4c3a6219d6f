import fs from 'node:fs';
import os from 'node:os';

/**
 * Set by the cluster's primary for the job process it forks (worker.ts): how many nice steps that process lowers
 * itself, all its threads, before it starts, so that its work takes the cores only when the HTTP workers leave them.
 */
export const JOB_NICE_ENV = 'CONFERO_JOB_NICE';

/** The nice value the kernel never goes past: the lowest priority. */
const LOWEST = 19;

/**
 * Lowers this whole process's scheduling priority by `steps` nice steps (capped at 19). On Linux a nice value belongs
 * to each thread: every thread that exists now is lowered (the main thread, V8's garbage-collection and compiler
 * threads, libuv's pool), and the threads started later inherit it from the thread that starts them. Elsewhere the
 * process's priority is lowered. A thread the system does not let us change is left as it is.
 */
export function lowerOwnPriority(steps: number): void {
  let threads: number[];
  try {
    threads = fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    threads = [0];
  }
  for (const thread of threads) {
    try {
      os.setPriority(thread, Math.min(LOWEST, os.getPriority(thread) + steps));
    } catch {
      // The thread ended meanwhile, or the system refuses: it keeps its priority.
    }
  }
}
