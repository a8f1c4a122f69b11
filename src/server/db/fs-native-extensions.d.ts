// The part of fs-native-extensions (Holepunch; no types of its own) that db/data-dir-lock.ts uses.
declare module 'fs-native-extensions' {
  /** An exclusive lock on the open file (Linux: an open file description lock, F_OFD_SETLK); false if another holds it. */
  export function tryLock(fd: number): boolean;
  export function unlock(fd: number): void;
}
