/** The part of fs-native-extensions (no bundled types) the data directory lock uses. */
declare module 'fs-native-extensions' {
  const fsx: {
    /** Non-blocking exclusive (or, with { shared: true }, shared) lock on an open file; false when another descriptor holds it. */
    tryLock(fd: number, options?: { shared?: boolean }): boolean;
    unlock(fd: number): void;
  };
  export default fsx;
}
