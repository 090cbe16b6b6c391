// What a walk of a folder reaches: `grep -r x ~`, `rg x ~/.config/gh`, the Grep tool over /home/dev
// read every file below, so the folder holds what the credential table names below it.
import { CREDENTIAL_ROWS } from './credentials.ts';
import { ContextMemo } from './memo.ts';

/** Where a home folder ends in an absolute path (/home/u, /root, /Users/u, the context's home), or -1. */
function homeEnd(abs: string, home: string): number {
  if (abs === home || abs.startsWith(home + '/')) return home.length;
  if (abs === '/root' || abs.startsWith('/root/')) return 5;
  for (const top of ['/home/', '/Users/']) {
    if (!abs.startsWith(top)) continue;
    const slash = abs.indexOf('/', top.length);
    return slash < 0 ? abs.length : slash;
  }
  return -1;
}

/** Does a folder above every home hold one (`/`, `/home`, the parent of the context home)? */
function aboveHomes(dir: string, home: string): boolean {
  const pre = dir === '/' ? '/' : dir + '/';
  return home.toLowerCase().startsWith(pre) || '/root'.startsWith(pre) || '/home/u'.startsWith(pre) || '/users/u'.startsWith(pre);
}

/** Each credential row once: anchored at a home (its text after `~`), at the root, or neither. */
const ROWS = CREDENTIAL_ROWS.map((row) => ({ why: row.why, home: row.pat.startsWith('~/'), root: row.pat.startsWith('/'), rest: row.pat.startsWith('~/') ? row.pat.slice(1) : row.pat }));

/**
 * The reason a recursive read of the folder `abs` (canonical, absolute) reaches a credential the
 * table names below it (any home's key stores and token files, /etc/shadow …), or null.
 */
export function credentialBelow(abs: string, home: string): string | null {
  // a pure function of the folder and home, kept for the last home seen (a session walks the same
  // folders again and again; each answer is a full pass over the rows)
  const memo = HELD.in(home);
  let why = memo.get(abs);
  if (why === undefined) memo.set(abs, (why = heldBelow(abs, home)));
  return why;
}

const HELD = new ContextMemo<string | null>(512);

function heldBelow(abs: string, home: string): string | null {
  const end = homeEnd(abs, home);
  const dir = abs.toLowerCase();
  const pre = dir === '/' ? '/' : dir + '/';
  const above = end < 0 && aboveHomes(dir, home);
  // A home row's path is h + rest: it starts with pre when h does, or when pre is h + the start of rest.
  const h = end < 0 ? '' : abs.slice(0, end).toLowerCase();
  const inH = pre.length <= h.length && h.startsWith(pre);
  const tail = !inH && pre.startsWith(h) ? pre.slice(h.length) : null;
  for (const row of ROWS) {
    if (row.home) {
      if (above) return row.why;
      if (end < 0) continue;
      if (inH || (tail !== null && row.rest.startsWith(tail))) return row.why;
    } else if (row.root) {
      if (row.rest.startsWith(pre)) return row.why;
    }
  }
  return null;
}
