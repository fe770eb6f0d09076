// PGlite does not lock its folder, and two processes on one folder silently lose committed rows.
// The server takes an exclusive lock file naming its owner: pid, the process's start time and the machine's boot
// id. A lock is live only when a process with that pid is running *and* started at that time in that boot: a pid
// reused after a crash (a restarted container starts its processes with the same small pids) or after a reboot
// cannot fake it. A second process on a live lock exits naming the folder.
//
// Why not proper-lockfile: it judges a lock by a heartbeat (the lock's mtime, refreshed by a timer), so an event
// loop blocked for longer than its stale time would let a second server take a live folder, which is exactly the
// data loss the lock exists to prevent; the kernel's own record of when a process started needs no timer and no
// dependency. Where /proc is missing (not Linux) the start time is unknown and the lock falls back to the pid alone.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process, or set DATA_DIR to another folder, or use DATABASE_URL for several processes.',
    );
  }
}

/** Who holds a lock: what the lock file says, and what the system says of a running process. */
export type LockOwner = {
  pid: number;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot); null where unknown. */
  startTime: string | null;
  /** /proc/sys/kernel/random/boot_id; null where unknown. */
  bootId: string | null;
};

const readOrNull = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** The start time of a running process, or null when it cannot be read (gone, hidden, or no /proc). */
export function processStartTime(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // Field 2 (the command name, in parentheses) may itself hold spaces and parentheses: count from the last ')'.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 1)
    .trim()
    .split(/\s+/);
  const startTime = fields[22 - 3];
  return startTime !== undefined && /^\d+$/.test(startTime) ? startTime : null;
}

export function currentBootId(): string | null {
  return readOrNull('/proc/sys/kernel/random/boot_id')?.trim() || null;
}

/** The identity of a running process as a lock file records it. */
export function processIdentity(pid: number): LockOwner {
  return { pid, startTime: processStartTime(pid), bootId: currentBootId() };
}

/** The owner a lock file names; undefined when it names none (empty, garbage: stale). */
export function parseLockOwner(content: string): LockOwner | undefined {
  const text = content.trim();
  // A lock written before start times were recorded holds the bare pid.
  if (/^\d+$/.test(text)) {
    const pid = Number(text);
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, startTime: null, bootId: null } : undefined;
  }
  try {
    const o = JSON.parse(text) as Partial<Record<keyof LockOwner, unknown>>;
    if (typeof o.pid !== 'number' || !Number.isSafeInteger(o.pid) || o.pid <= 0) return undefined;
    return {
      pid: o.pid,
      startTime: typeof o.startTime === 'string' ? o.startTime : null,
      bootId: typeof o.bootId === 'string' ? o.bootId : null,
    };
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid exists (EPERM: it does, owned by another user). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Whether the process a lock names is still the one that wrote it. A recorded start time or boot id that differs
 * from the running process's proves a reused pid; where either side is unknown (an old lock, no /proc) a running
 * pid is taken as the owner, since refusing to start is recoverable and two servers on one folder are not.
 */
function ownerIsRunning(owner: LockOwner): boolean {
  if (!isAlive(owner.pid)) return false;
  const now = processIdentity(owner.pid);
  if (owner.bootId !== null && now.bootId !== null && owner.bootId !== now.bootId) return false;
  if (owner.startTime !== null && now.startTime !== null && owner.startTime !== now.startTime) return false;
  return true;
}

const sameOwner = (a: LockOwner | undefined, b: LockOwner): boolean =>
  a !== undefined && a.pid === b.pid && a.startTime === b.startTime && a.bootId === b.bootId;

export type DataDirLock = { release(): void };

// Folders this process holds: a lock file naming this very process is stale only if we do not hold it (an open
// that ended without releasing), never when a second open in this process asks for it.
const heldHere = new Set<string>();

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, '.lock');
  const key = fs.realpathSync(dataDir);
  if (heldHere.has(key)) throw new DataDirLockedError(dataDir, process.pid);
  const me = processIdentity(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, JSON.stringify(me));
      fs.closeSync(fd);
      heldHere.add(key);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(key);
        process.off('exit', release);
        try {
          // Only our own lock: a process that took over after we were presumed dead keeps its lock.
          if (sameOwner(parseLockOwner(fs.readFileSync(lockPath, 'utf8')), me)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const content = readOrNull(lockPath) ?? '';
      const owner = parseLockOwner(content);
      if (owner && owner.pid !== process.pid && ownerIsRunning(owner)) {
        throw new DataDirLockedError(dataDir, owner.pid);
      }
      // A stale lock (its process died, or its pid now belongs to another process): take it over atomically.
      const stale = `${lockPath}.stale-${process.pid}`;
      try {
        fs.renameSync(lockPath, stale);
        // Another process may have taken the stale lock over between our read and our rename: what we moved is
        // then its fresh lock, which goes back (link fails rather than overwrite a lock made meanwhile).
        if (readOrNull(stale) !== content) fs.linkSync(stale, lockPath);
        fs.unlinkSync(stale);
      } catch {
        // another process took it over first; loop and look again
        try {
          fs.unlinkSync(stale);
        } catch {
          // nothing moved
        }
      }
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
