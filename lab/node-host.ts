// Node host wiring: native RE2, a policy reader, and an fs port for the engine.
import { readFileSync, realpathSync, lstatSync, openSync, readSync, closeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { useRegexEngine, setPolicyReader, type FsPort } from '../engine/index.ts';
import { re2Engine } from './re2-engine.ts';

let done = false;

export function useNodeHost(): void {
  if (done) return;
  done = true;
  useRegexEngine(re2Engine);
  setPolicyReader((p) => readFileSync(p, 'utf8'));
}

/** The repository root (where package.json lives). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_POLICY = join(REPO_ROOT, 'policies', 'default.yaml');

export const nodeFs: FsPort = {
  realpath(p) {
    try {
      return realpathSync(p);
    } catch {
      return null;
    }
  },
  readFile(p, maxBytes = 1 << 20) {
    try {
      const st = lstatSync(p);
      if (!st.isFile()) return null;
      const fd = openSync(p, 'r');
      try {
        const n = Math.min(st.size, maxBytes);
        const buf = Buffer.alloc(n);
        readSync(fd, buf, 0, n, 0);
        return { text: buf.toString('utf8'), truncated: st.size > maxBytes, size: st.size };
      } finally {
        closeSync(fd);
      }
    } catch {
      return null;
    }
  },
  stat(p) {
    try {
      const st = lstatSync(p);
      const kind = st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
      return { kind, size: st.size };
    } catch {
      return null;
    }
  },
};
