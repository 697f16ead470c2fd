import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import fsx from 'fs-native-extensions';

/**
 * Two processes on one PGlite data directory corrupt it (TECH-NOTES.md), so the server holds an exclusive OS lock on
 * DATA_DIR/server.lock for as long as it runs. The lock belongs to the open file (Linux OFD lock, BSD flock on macOS,
 * LockFileEx on Windows — fs-native-extensions, prebuilt in the package): the kernel drops it the instant the process
 * dies, kill -9 included, so nothing guesses from pids (a killed, not yet reaped process still answers kill(pid, 0)).
 * Because it is per open file, a second server in the same process is refused too.
 *
 * The file also holds the owner's pid, for the message only. It is never deleted: unlinking a lock file lets a
 * process that opened the old inode and one that creates a new one both "hold" the lock.
 */
export class DataDirLockedError extends Error {}

export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  // O_RDWR: an exclusive (write) lock needs a writable descriptor; no O_TRUNC — the owner's pid must survive our open
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  let granted = false;
  try {
    granted = fsx.tryLock(fd);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  if (!granted) {
    closeSync(fd);
    let owner = '';
    try {
      owner = readFileSync(file, 'utf8').trim();
    } catch {
      /* unreadable: the message goes without the pid */
    }
    throw new DataDirLockedError(
      `数据目录 ${dataDir} 正被另一个进程${/^\d+$/.test(owner) ? `（pid ${owner}）` : ''}使用。内置数据库不能由两个进程同时打开：` +
        '请先停止那个进程，或用 DATA_DIR 指定另一个目录，或设置 DATABASE_URL 使用 PostgreSQL 运行多个实例。',
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      ftruncateSync(fd);
    } catch {
      /* the pid is only informative */
    }
    closeSync(fd); // closing the descriptor drops the lock
  };
}
