import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  asStorageUnavailable,
  assertStorageKey,
  isStorageKey,
  type RawFileStorage,
  type StoredKey,
} from './storage.ts';

const TEMPORARY = /^([0-9a-f-]{36})\.[0-9a-f-]{36}\.tmp$/;

interface DiskOptions {
  /** Reads the file system's free space (fs.statfs; tests hand in their own reading). */
  statfs?: (path: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;
}

/** Files under `root/ab/abcd…`: written to a temporary name and renamed, so a crash never leaves half a file. */
export function createDiskStorage(root: string, options: DiskOptions = {}): RawFileStorage {
  const statfs = options.statfs ?? ((where: string) => fs.statfs(where));
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  /** Each folder of keys (`ab/`) with its entries, in order; none when nothing was ever stored. */
  async function* entries(fromFolder = ''): AsyncGenerator<{ file: string; name: string }> {
    let folders: string[];
    try {
      folders = await fs.readdir(root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const folder of folders.sort()) {
      if (!/^[0-9a-f]{2}$/.test(folder) || folder < fromFolder) continue;
      const names = await fs.readdir(path.join(root, folder)).catch(() => [] as string[]);
      for (const name of names.sort()) yield { file: path.join(root, folder, name), name };
    }
  }
  /** When a file was last written, or null if it went meanwhile. */
  const modifiedAt = (file: string) =>
    fs.stat(file).then(
      (stat) => stat.mtime,
      () => null,
    );

  /** Writes to a temporary name beside the target, then renames: a reader never sees half a file. */
  async function writeAtomically(key: string, write: (temporary: string) => Promise<void>) {
    const target = pathOf(key);
    try {
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    } catch (error) {
      throw asStorageUnavailable(error);
    }
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await write(temporary);
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true }).catch(() => undefined);
      // A full or read-only disk is named as such; a failing source's own error stays as it is.
      throw asStorageUnavailable(error);
    }
  }

  return {
    kind: 'disk',
    async put(key, bytes) {
      await writeAtomically(key, (temporary) => fs.writeFile(temporary, bytes, { mode: 0o600 }));
    },
    async write(key, source) {
      let size = 0;
      await writeAtomically(key, async (temporary) => {
        await pipeline(source, createWriteStream(temporary, { mode: 0o600, flags: 'wx' }));
        size = (await fs.stat(temporary)).size;
      });
      return size;
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async open(key, range) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(pathOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      // The open handle keeps the bytes readable even if the file is removed meanwhile.
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async freeBytes() {
      // The folder is made at the first write: until then its nearest existing parent tells.
      for (let where = root; ; where = path.dirname(where)) {
        try {
          const { bavail, bsize } = await statfs(where);
          return Number(bavail) * Number(bsize);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(where) === where) throw error;
        }
      }
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async openStored(key, headBytes) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(pathOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const readAt = async (buffer: Buffer, length: number, position: number) => {
        let read = 0;
        while (read < length) {
          const { bytesRead } = await handle.read(buffer, read, length - read, position + read);
          if (bytesRead === 0) break;
          read += bytesRead;
        }
        return read;
      };
      try {
        // One handle for the size, the head and the reads: a file replaced meanwhile is read as it was.
        const { size } = await handle.stat();
        const head = Buffer.alloc(Math.min(headBytes, size));
        await readAt(head, head.length, 0);
        return {
          size,
          head,
          stream: async (start, end) => handle.createReadStream({ start, end }),
          readAt,
          close: () => handle.close(),
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async *list(after?: string): AsyncGenerator<StoredKey> {
      for await (const { file, name } of entries(after?.slice(0, 2))) {
        if (!isStorageKey(name) || (after !== undefined && name <= after)) continue;
        const at = await modifiedAt(file);
        if (at) yield { key: name, modifiedAt: at };
      }
    },
    async removePartials(before) {
      let removed = 0;
      for await (const { file, name } of entries()) {
        if (!TEMPORARY.test(name)) continue;
        const at = await modifiedAt(file);
        if (at && at < before) {
          await fs.rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
