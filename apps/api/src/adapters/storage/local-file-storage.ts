import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  assertValidContentType,
  assertValidKey,
  assertValidPrefix,
  type FileStorage,
  type PresignedPut,
  type StoredObject,
} from './file-storage.ts';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** One key segment. Temp files and content-type files contain a `.`, so they are never keys. */
const SEGMENT = /^[a-z0-9_-]+$/;
/** `writeAtomically`'s temp file: `.<name>.<16 hex>.tmp`. */
const TEMP_FILE = /^\.[a-z0-9_-]+(?:\.type)?\.[0-9a-f]{16}\.tmp$/;

/**
 * Documents on the local disk (the embedded default: the caller passes DATA_DIR/documents). A key is
 * a relative path under the root; its content type sits beside it in `<name>.type`. Every write goes
 * to a temp file in the same directory, then is renamed over the target, so a reader never sees a
 * half-written file. Directories are created 0700 and files 0600.
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(rootDir: string) {
    this.root = resolve(rootDir);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    assertValidContentType(contentType);
    await mkdir(dirname(file), { recursive: true, mode: DIR_MODE });
    await writeAtomically(`${file}.type`, Buffer.from(contentType));
    try {
      await writeAtomically(file, body);
    } catch (err) {
      // No content type left behind without its body (list() and the sweep never see it).
      await rm(`${file}.type`, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const file = this.pathOf(key);
    try {
      return await readFile(file);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      let contentType = DEFAULT_CONTENT_TYPE;
      try {
        contentType = (await readFile(`${file}.type`, 'utf8')).trim() || DEFAULT_CONTENT_TYPE;
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      return { key, size: info.size, contentType };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    for (const path of [file, `${file}.type`]) {
      try {
        await unlink(path);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
  }

  async list(prefix: string): Promise<{ key: string; lastModified: Date }[]> {
    assertValidPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    const found: { key: string; lastModified: Date }[] = [];
    await this.walk(slash >= 0 ? prefix.slice(0, slash) : '', prefix, found);
    return found;
  }

  async removeLeftovers(before: Date, dir = this.root): Promise<number> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return 0;
      throw err;
    }
    const names = new Set(entries.map((e) => e.name));
    let removed = 0;
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (SEGMENT.test(entry.name)) removed += await this.removeLeftovers(before, path);
        continue;
      }
      const typeWithoutBody = entry.name.endsWith('.type') && !names.has(entry.name.slice(0, -'.type'.length));
      if (!TEMP_FILE.test(entry.name) && !typeWithoutBody) continue;
      try {
        if ((await stat(path)).mtime >= before) continue; // a write may still be under way
        await unlink(path);
        removed++;
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    return removed;
  }

  async presignPut(): Promise<PresignedPut | null> {
    return null;
  }

  private async walk(dir: string, prefix: string, found: { key: string; lastModified: Date }[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(join(this.root, dir), { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      if (!SEGMENT.test(entry.name)) continue;
      const key = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (prefix.startsWith(`${key}/`) || `${key}/`.startsWith(prefix)) await this.walk(key, prefix, found);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        try {
          found.push({ key, lastModified: (await stat(join(this.root, key))).mtime });
        } catch (err) {
          if (!isMissing(err)) throw err; // deleted while listing
        }
      }
    }
  }

  /** The file of a valid key: always inside the root (keys have no `.` and no leading `/`). */
  private pathOf(key: string): string {
    assertValidKey(key);
    return join(this.root, ...key.split('/'));
  }
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', FILE_MODE);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
}

/** Nothing there: no such file, a file where a directory was expected, or a directory where a file was. */
function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
