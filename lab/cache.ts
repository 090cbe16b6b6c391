// A content-keyed cache of derived data (node_modules/.cache/gatelab, or $GATELAB_CACHE_DIR):
// an entry is found by a name and holds the key it was made from; a different key is a miss.
// Keys are hashes of content, never modification times. Entries are written atomically, in
// V8's serialisation (it keeps undefined, NaN, dates and maps, which JSON would not).
// GATELAB_CACHE=off turns the cache off. A read or write that fails is a miss, never an error.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';

/** The checkout (lab/..). */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export function cacheDir(env: Record<string, string | undefined> = process.env): string | null {
  if (env.GATELAB_CACHE === 'off') return null;
  return env.GATELAB_CACHE_DIR || join(ROOT, 'node_modules', '.cache', 'gatelab');
}

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

const file = (dir: string, name: string) => join(dir, `${sha256(name).slice(0, 32)}.bin`);

/** The value stored under name with this key, or undefined. */
export function cacheGet<T>(name: string, key: string): T | undefined {
  const dir = cacheDir();
  if (!dir) return undefined;
  try {
    const entry = deserialize(readFileSync(file(dir, name))) as { name: string; key: string; value: T };
    return entry.name === name && entry.key === key ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

export function cachePut(name: string, key: string, value: unknown): void {
  const dir = cacheDir();
  if (!dir) return;
  const path = file(dir, name);
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(tmp, serialize({ name, key, value }));
    renameSync(tmp, path);
  } catch {
    rmSync(tmp, { force: true });
  }
}
