// PGlite does not lock its folder, and two processes on one folder silently lose committed rows.
// The server takes an exclusive lock file holding its pid; a second process exits naming the folder.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process, or set DATA_DIR to another folder, or use DATABASE_URL for several processes.',
    );
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export type DataDirLock = { release(): void };

// Folders this process holds: a lock file with our own pid is stale only if we do not hold it
// (a restarted container reuses pids), never when a second open in this process asks for it.
const heldHere = new Set<string>();

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, '.lock');
  const key = fs.realpathSync(dataDir);
  if (heldHere.has(key)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(key);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(key);
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dataDir, pid);
      }
      // A stale lock of a process that died: take it over atomically.
      const stale = `${lockPath}.stale-${process.pid}`;
      try {
        fs.renameSync(lockPath, stale);
        fs.unlinkSync(stale);
      } catch {
        // another process took it over first; loop and look again
      }
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
