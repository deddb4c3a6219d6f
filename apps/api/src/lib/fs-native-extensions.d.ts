/** The part of fs-native-extensions that Confero uses: advisory locks held by the operating system. */
declare module 'fs-native-extensions' {
  /**
   * Locks the whole open file without waiting (exclusive unless `shared`); false when another open file
   * holds a conflicting lock. The lock ends when the file is closed or its process ends, however it ends.
   */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  /** Releases a lock taken with tryLock. */
  export function unlock(fd: number): void;
}
