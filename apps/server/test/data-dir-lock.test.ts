// PGlite does not lock its folder: the server must, so a second process (or a second open) is refused
// with a message naming the folder, and a lock left by a dead process is taken over.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/connection.js';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock.js';

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
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
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
    fs.mkdirSync(dir, { recursive: true });
    // The parent process (vitest) is alive for the whole run.
    fs.writeFileSync(lockFile(dir), String(process.ppid));
    const attempt = openDatabase({ kind: 'pglite', dataDir: dir });
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*pid ${process.ppid}`));
    // Refusing leaves the other process's lock untouched.
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.ppid));
  });

  it.each([
    ['the pid of a dead process', () => String(deadPid())],
    ['garbage', () => 'not-a-pid'],
    ['nothing', () => ''],
  ])('takes over a stale lock holding %s', (_, content) => {
    const dir = freshDir(`stale-${Math.random().toString(36).slice(2)}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFile(dir), content());
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('opens a stale-locked folder with openDatabase too', async () => {
    const dir = freshDir('stale-open');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFile(dir), String(deadPid()));
    const db = await openDatabase({ kind: 'pglite', dataDir: dir, loadDataDir: template() });
    open.push(db);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
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

  it(
    'a second server on the same DATA_DIR exits non-zero naming the folder',
    async () => {
      const dataDir = freshDir('two-servers');
      const first = await startServer(dataDir);
      await first.running;
      expect(fs.readFileSync(lockFile(dataDir), 'utf8')).toBe(String(first.child.pid));

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
    },
    180_000,
  );
});
