// PGlite does not lock its folder: the server must, so a second process (or a second open) is refused
// with a message naming the folder, and a lock left by a dead process, or naming a pid that another process
// now has (another start time, another boot), is taken over.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/connection.js';
import { DataDirLockedError, lockDataDir, parseLockOwner, processIdentity, type LockOwner } from '../src/db/data-dir-lock.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const SERVER_JS = path.join(SERVER_DIR, 'dist/server.js');

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-lock-'));
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});
const freshDir = (name: string) => path.join(root, name);
const lockFile = (dir: string) => path.join(dir, '.lock');
/** A pid that certainly belonged to a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
/** The owner a folder's lock file names. */
const lockOwner = (dir: string) => parseLockOwner(fs.readFileSync(lockFile(dir), 'utf8'));
const writeLock = (dir: string, owner: LockOwner | string) => {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(lockFile(dir), typeof owner === 'string' ? owner : JSON.stringify(owner));
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The parent process (vitest) is alive for the whole run: it stands for another live process.
const parent = () => processIdentity(process.ppid);

describe('process identity', () => {
  it("reads a live process's start time and the boot id on Linux, and tells two processes apart", () => {
    if (process.platform !== 'linux') return expect(processIdentity(process.pid).startTime).toBeNull();
    const me = processIdentity(process.pid);
    expect(me.startTime).toMatch(/^\d+$/);
    expect(me.bootId).toMatch(/^[0-9a-f-]{36}$/);
    expect(processIdentity(1).startTime).toMatch(/^\d+$/);
    expect(processIdentity(deadPid()).startTime).toBeNull();
    // pid 1 started before this test process.
    expect(Number(processIdentity(1).startTime)).toBeLessThan(Number(me.startTime));
  });
});

describe('data folder lock, in process', () => {
  const open: Database[] = [];
  afterEach(async () => {
    for (const d of open.splice(0)) await d.close();
  });
  const template = () => new Blob([fs.readFileSync(inject('pgliteTemplateFile'))]);

  it('refuses a second open of a folder in use, naming the folder; frees it on close', async () => {
    const dir = freshDir('second-open');
    const first = await openDatabase({ kind: 'pglite', dataDir: dir, loadDataDir: template() });
    open.push(first);
    expect(lockOwner(dir)).toEqual(processIdentity(process.pid));
    await first.db.insertInto('dict_groups').values({ name: 'test_lock_group', label: 'written before close' }).execute();

    const second = openDatabase({ kind: 'pglite', dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(dir);

    await open.pop()!.close();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    // Free again, and what was committed is there.
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    open.push(again);
    const row = await again.db.selectFrom('dict_groups').select('label').where('name', '=', 'test_lock_group').executeTakeFirst();
    expect(row?.label).toBe('written before close');
  });

  it('refuses a folder locked by another live process, naming the folder and the pid', async () => {
    const dir = freshDir('other-process');
    writeLock(dir, parent());
    const before = fs.readFileSync(lockFile(dir), 'utf8');
    const attempt = openDatabase({ kind: 'pglite', dataDir: dir });
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(new RegExp(`${escape(dir)}.*pid ${process.ppid}`));
    // Refusing leaves the other process's lock untouched.
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(before);
  });

  it('refuses a lock of the older form (the pid alone) while that pid runs: nothing proves it stale', () => {
    const dir = freshDir('bare-pid');
    writeLock(dir, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.ppid));
  });

  it.runIf(process.platform === 'linux').each([
    [
      'a live unrelated process (the parent) with another start time',
      () => ({ ...parent(), startTime: String(Number(parent().startTime) + 1) }),
    ],
    ['pid 1 with another start time', () => ({ ...processIdentity(1), startTime: '1' })],
    ['a live process with its start time but from another boot', () => ({ ...parent(), bootId: '00000000-0000-4000-8000-000000000000' })],
    ['this very pid with another start time (a restarted container)', () => ({ ...processIdentity(process.pid), startTime: '2' })],
  ])('takes over a lock naming %s: the pid was reused, the owner is gone', async (_, owner) => {
    const dir = freshDir(`reused-${Math.random().toString(36).slice(2)}`);
    writeLock(dir, owner());
    const db = await openDatabase({ kind: 'pglite', dataDir: dir, loadDataDir: template() });
    open.push(db);
    expect(lockOwner(dir)).toEqual(processIdentity(process.pid));
    // and it is a real lock again: a second open is refused
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it.each([
    ['the pid of a dead process', () => String(deadPid())],
    ['the pid and start time of a dead process', () => JSON.stringify({ ...processIdentity(process.pid), pid: deadPid() })],
    ['garbage', () => 'not-a-pid'],
    ['a record without a pid', () => JSON.stringify({ startTime: '1' })],
    ['nothing', () => ''],
  ])('takes over a stale lock holding %s', (_, content) => {
    const dir = freshDir(`stale-${Math.random().toString(36).slice(2)}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFile(dir), content());
    const lock = lockDataDir(dir);
    expect(lockOwner(dir)).toEqual(processIdentity(process.pid));
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('opens a stale-locked folder with openDatabase too', async () => {
    const dir = freshDir('stale-open');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFile(dir), String(deadPid()));
    const db = await openDatabase({ kind: 'pglite', dataDir: dir, loadDataDir: template() });
    open.push(db);
    expect(lockOwner(dir)).toEqual(processIdentity(process.pid));
  });
});

describe('data folder lock, two server processes', () => {
  const children: ChildProcess[] = [];
  // The processes run the compiled server; compile it when this run has not (npm test builds first).
  beforeAll(() => {
    if (fs.existsSync(SERVER_JS)) return;
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const built = spawnSync(process.execPath, [tsc, '-b', SERVER_DIR], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`could not build the server:\n${built.stdout}${built.stderr}`);
  }, 180_000);
  afterAll(async () => {
    for (const c of children) {
      if (c.exitCode === null && c.signalCode === null) {
        const exited = new Promise((resolve) => c.once('exit', resolve));
        c.kill('SIGTERM');
        await exited;
      }
    }
  });

  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });

  const startServer = async (dataDir: string) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [SERVER_JS], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    /** Resolves when the server says it is running; rejects if it exits first. */
    const running = new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', () => {
        if (output.includes('is running at')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was running:\n${output}`)));
    });
    // A server expected to refuse start-up never awaits `running`; its rejection is not an error then.
    running.catch(() => undefined);
    return {
      child,
      output: () => output,
      running,
      exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
    };
  };

  it.runIf(process.platform === 'linux')(
    'a server starts on a folder whose lock names a live process that is not its owner (a pid reused after a crash)',
    async () => {
      const dataDir = freshDir('reused-pid-server');
      writeLock(dataDir, { ...parent(), startTime: '1' });
      const server = await startServer(dataDir);
      await server.running;
      expect(lockOwner(dataDir)).toEqual(processIdentity(server.child.pid!));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(lockFile(dataDir))).toBe(false);
    },
    180_000,
  );

  it('a second server on the same DATA_DIR exits non-zero naming the folder', async () => {
    const dataDir = freshDir('two-servers');
    const first = await startServer(dataDir);
    await first.running;
    expect(lockOwner(dataDir)).toEqual(processIdentity(first.child.pid!));

    const second = await startServer(dataDir);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(dataDir);
    expect(second.output()).toMatch(/in use by another process/);

    // The first is unaffected, and frees the folder when it stops.
    expect(first.child.exitCode).toBeNull();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
  }, 180_000);
});
