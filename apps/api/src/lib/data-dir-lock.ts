import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { tryLock, unlock } from 'fs-native-extensions';

/** The file in DATA_DIR that the process using the directory locks and writes its pid into. */
export const LOCK_FILE_NAME = 'confero.lock';

/** How long a refused process waits for the holder to write its pid (both may have started together). */
const HOLDER_PID_WAIT_MS = 1_000;

/** DATA_DIR is held by another live process; the message is the whole explanation for the operator. */
export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly pid: number | undefined;
  constructor(dataDir: string, pid: number | undefined) {
    super(
      `The data directory ${dataDir} is in use by another Confero process (${pid ? `pid ${pid}` : 'pid unknown'}): ` +
        'stop that one first, or give this one another DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

export type DataDirLock = { readonly file: string; release(): void };

/**
 * Takes the exclusive lock on DATA_DIR that lets one process at a time use the embedded database, or throws
 * DataDirInUseError naming the holder's pid. The lock is the operating system's lock on the open file
 * DATA_DIR/confero.lock: it ends with the process however the process ends (kill -9 included), so a file left
 * behind never blocks a restart. The file itself is never deleted: a process could otherwise lock the deleted
 * file while another creates and locks a new one, and both would run.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  // Opened without truncation: the holder's pid must stay readable for a refused process.
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  let locked: boolean;
  try {
    locked = tryLock(fd);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  if (!locked) {
    try {
      throw new DataDirInUseError(dataDir, await readHolderPid(fd));
    } finally {
      fs.closeSync(fd);
    }
  }
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, `${process.pid}\n`, 0);
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      unlock(fd);
      fs.closeSync(fd);
    },
  };
}

/** The pid the holder wrote; a holder that has just taken the lock may not have written it yet. */
async function readHolderPid(fd: number): Promise<number | undefined> {
  const deadline = Date.now() + HOLDER_PID_WAIT_MS;
  for (;;) {
    const buffer = Buffer.alloc(32);
    const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
    const pid = Number.parseInt(buffer.subarray(0, length).toString('utf8'), 10);
    if (Number.isSafeInteger(pid) && pid > 0 && isAlive(pid)) return pid;
    if (Date.now() >= deadline) return undefined;
    await sleep(25);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
