// The engine's fs port on Node's file system (no other imports, so the hook bundle stays small).
import { realpathSync, lstatSync, openSync, readSync, closeSync } from 'node:fs';
import type { FsPort } from '../engine/index.ts';

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
        const buf = Buffer.alloc(Math.min(st.size, maxBytes));
        const n = readSync(fd, buf, 0, buf.length, 0);
        return { text: buf.subarray(0, n).toString('utf8'), truncated: st.size > maxBytes, size: st.size };
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
