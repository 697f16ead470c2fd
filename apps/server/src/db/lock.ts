import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Two processes on one PGlite data directory corrupt it (TECH-NOTES.md), so the server takes an exclusive lock file
 * holding its pid. A lock whose pid is no longer alive (kill -9, crash) is taken over.
 */
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `数据目录 ${dataDir} 正被另一个进程（pid ${pid}）使用。内置数据库不能由两个进程同时打开：` +
            '请先停止那个进程，或用 DATA_DIR 指定另一个目录，或设置 DATABASE_URL 使用 PostgreSQL 运行多个实例。',
        );
      }
      if (existsSync(file)) unlinkSync(file); // stale lock of a dead process
    }
  }
  throw new DataDirLockedError(`无法获取数据目录锁：${file}`);
}
