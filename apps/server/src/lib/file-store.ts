// Content-addressed storage under config.uploadDir: <sha[0:2]>/<sha[2:4]>/<sha>. An upload streams into a
// temporary file inside the same folder (so the final rename stays on one file system) while it is hashed and
// counted; memory use is a few chunks whatever the size. No path here ever comes from the client.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type Received = { tempPath: string; size: number; sha256: string };

/** The content went past the caller's limit; the temporary file is already gone. */
export class TooLargeError extends Error {
  constructor() {
    super('upload exceeds its size limit');
  }
}

/** Reading the upload failed on the client's side (aborted, malformed); the temporary file is already gone. */
export class ClientStreamError extends Error {
  constructor(readonly original: unknown) {
    super('upload stream failed');
  }
}

const isNotFound = (e: unknown) => (e as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export class FileStore {
  readonly tempDir: string;

  constructor(readonly root: string) {
    this.tempDir = path.join(root, '.tmp');
  }

  pathOf(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  /**
   * Streams `source` into a new temporary file, hashing and counting; past `maxBytes` it stops reading and
   * throws TooLargeError. On any failure the temporary file is removed. Disk errors are thrown as they are.
   */
  async receive(source: Readable, maxBytes: number): Promise<Received> {
    await fs.promises.mkdir(this.tempDir, { recursive: true });
    const tempPath = path.join(this.tempDir, `${crypto.randomUUID()}.part`);
    const hash = crypto.createHash('sha256');
    let size = 0;
    let tooLarge = false;
    // pipeline destroys every stream with the first error; the file failed first (a disk fault, not the client's)
    // when it errs while the upload is still intact. This listener runs before pipeline's own.
    let diskFailed = false;
    const out = fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o640 });
    out.on('error', () => {
      if (!source.destroyed) diskFailed = true;
    });
    try {
      await pipeline(
        source,
        async function* count(chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (size > maxBytes) {
              tooLarge = true;
              throw new TooLargeError();
            }
            hash.update(chunk);
            yield chunk;
          }
        },
        out,
      );
    } catch (e) {
      // The write stream may still be opening the file: remove it only once the stream has closed.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await this.discard(tempPath);
      if (tooLarge) throw new TooLargeError();
      if (diskFailed) throw e;
      throw new ClientStreamError(e);
    }
    return { tempPath, size, sha256: hash.digest('hex') };
  }

  /** Runs `fn` on the received temporary file, opened for reading. */
  async readTemp<T>(received: Received, fn: (fh: FileHandle) => Promise<T>): Promise<T> {
    const fh = await fs.promises.open(received.tempPath, 'r');
    try {
      return await fn(fh);
    } finally {
      await fh.close();
    }
  }

  /** Moves the temporary file to its content address; identical content already there is kept as is. */
  async commit(received: Received): Promise<void> {
    const target = this.pathOf(received.sha256);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const existing = await fs.promises.stat(target).catch((e: unknown) => {
      if (isNotFound(e)) return undefined;
      throw e;
    });
    if (existing?.isFile() && existing.size === received.size) {
      await this.discard(received.tempPath);
      return;
    }
    await fs.promises.rename(received.tempPath, target);
  }

  /** Removes a temporary file; a no-op once committed. */
  async discard(tempPath: string): Promise<void> {
    await fs.promises.rm(tempPath, { force: true });
  }

  /** Removes temporary files a crashed process left behind (old enough not to be an upload in progress). */
  async sweepTemp(olderThanMs: number): Promise<void> {
    const names = await fs.promises.readdir(this.tempDir).catch((e: unknown) => {
      if (isNotFound(e)) return [];
      throw e;
    });
    const cutoff = Date.now() - olderThanMs;
    for (const name of names) {
      if (!name.endsWith('.part')) continue;
      const file = path.join(this.tempDir, name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (stat && stat.mtimeMs < cutoff) await this.discard(file);
    }
  }

  /** Stores `bytes` made on the server (an image variant) at their content address; answers that address. */
  async put(bytes: Buffer): Promise<{ sha256: string; size: number }> {
    const received = await this.receive(Readable.from([bytes]), bytes.length);
    await this.commit(received);
    return { sha256: received.sha256, size: received.size };
  }

  /** The size of the stored content of `sha256`, or undefined when it is not on disk. */
  async sizeOf(sha256: string): Promise<number | undefined> {
    const stat = await fs.promises.stat(this.pathOf(sha256)).catch((e: unknown) => {
      if (isNotFound(e)) return undefined;
      throw e;
    });
    return stat?.size;
  }

  /**
   * The stored content of `sha256` opened for streaming (only bytes `range.start` to `range.end` inclusive, when
   * given), or undefined when it is not on disk.
   */
  async open(sha256: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number } | undefined> {
    let fh: FileHandle;
    try {
      fh = await fs.promises.open(this.pathOf(sha256), 'r');
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
    try {
      const { size } = await fh.stat();
      return { stream: fh.createReadStream(range ?? {}), size };
    } catch (e) {
      await fh.close();
      throw e;
    }
  }
}
