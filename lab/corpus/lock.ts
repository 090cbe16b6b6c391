// A lock file for writers of the corpus: created with O_EXCL (only one process can create it),
// holding the owner's pid and start time. A lock whose owner is gone, or that is older than
// STALE_MS, is stale and taken over. Waiting is bounded: after WAIT_MS the add fails (exit 1).
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';

export const STALE_MS = 120_000;
export const WAIT_MS = 60_000;

export class LockError extends Error {}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Wait without blocking the event loop: a holder in this same process must be able to finish. */
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Is the lock at `file` stale (owner dead, unreadable for a while, or too old)? */
function stale(file: string): boolean {
  try {
    const st = statSync(file);
    const age = Date.now() - st.mtimeMs;
    if (age > STALE_MS) return true;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    // A lock just created may not hold its pid yet: give it a moment before judging.
    if (!pid) return age > 2_000;
    return !alive(pid);
  } catch {
    return false; // gone already: the next try creates it
  }
}

/** Run `fn` holding the lock at `file`; the lock is removed afterwards, whatever happens. */
export async function withLock<T>(file: string, fn: () => Promise<T> | T, waitMs = WAIT_MS): Promise<T> {
  const start = Date.now();
  let fd: number | undefined;
  for (let delay = 10; fd === undefined; delay = Math.min(delay * 2, 200)) {
    try {
      fd = openSync(file, 'wx', 0o644);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (stale(file)) {
        rmSync(file, { force: true });
        continue;
      }
      if (Date.now() - start > waitMs) throw new LockError(`${file} is held by another writer (remove it if no lab corpus add is running)`);
      await sleep(delay + Math.floor(Math.random() * delay));
    }
  }
  try {
    writeSync(fd, `${process.pid}\n${new Date().toISOString()}\n`);
    closeSync(fd);
    return await fn();
  } finally {
    rmSync(file, { force: true });
  }
}
