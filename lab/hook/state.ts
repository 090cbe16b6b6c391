// The hook's own state under <project>/.gatelab/: the audit ring (JSONL) and the failure
// attribution counts (JSON). Each update holds a lock file, re-reads, and replaces the file
// atomically (temp file + rename), so concurrent hook processes never lose an entry.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface StateStore {
  /**
   * Replace `file` with `update(old text or null)`, under a lock. `known` (from readStamped):
   * when the file is still that version, its text is not read again.
   */
  update(file: string, update: (old: string | null) => string | Uint8Array, known?: Stamped, encoding?: Encoding): void;
  /** The file's text, or null when it does not exist; other errors throw. No lock: writes are renames. */
  read(file: string): string | null;
  /** read, with a stamp of the version read (a writer's rename always makes a new one). */
  readStamped?(file: string, encoding?: Encoding): Stamped;
}

/**
 * How file bytes become text. `latin1` is one char per byte: no UTF-8 decoding of a large file,
 * and text written back as latin1 gives the same bytes (the ring keeps its old lines that way).
 */
export type Encoding = 'utf8' | 'latin1';

export interface Stamped {
  text: string | null;
  stamp: string;
}

export const STATE_DIR = '.gatelab';
export const AUDIT_FILE = 'audit.jsonl';
export const ATTRIBUTION_FILE = 'attribution.json';

export function stateFile(projectDir: string, name: string): string {
  return join(projectDir, STATE_DIR, name);
}

const LOCK_STALE_MS = 10_000;
const LOCK_TRIES = 400;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function read(file: string, encoding: Encoding = 'utf8'): string | null {
  try {
    return readFileSync(file, encoding);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

function stampOf(file: string): string {
  try {
    const st = statSync(file, { bigint: true });
    return `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw e;
  }
}

/** Take `<file>.lock` (O_EXCL), waiting for another holder; a lock older than 10 s is stale. */
function lock(file: string): () => void {
  const lockFile = file + '.lock';
  for (let i = 0; i < LOCK_TRIES; i++) {
    try {
      closeSync(openSync(lockFile, 'wx'));
      return () => {
        try {
          unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(lockFile).mtimeMs > LOCK_STALE_MS) unlinkSync(lockFile);
      } catch {
        /* released meanwhile */
      }
      sleep(5);
    }
  }
  throw new Error(`could not lock ${file} (another gatelab hook holds ${lockFile})`);
}

export const nodeStore: StateStore = {
  read,
  readStamped(file, encoding) {
    // Stamp before and after the read: a write in between gives a stamp no later update matches.
    const before = stampOf(file);
    const text = read(file, encoding);
    return { text, stamp: before === stampOf(file) ? before : 'changed' };
  },
  update(file, update, known, encoding) {
    mkdirSync(dirname(file), { recursive: true });
    const release = lock(file);
    try {
      const old = known && known.stamp !== 'changed' && known.stamp === stampOf(file) ? known.text : read(file, encoding);
      const next = update(old);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, next);
      renameSync(tmp, file);
    } finally {
      release();
    }
  },
};
