// Archive members: an extraction into DIR writes below DIR under names the archive chooses
// (GNU tar, bsdtar and unzip drop leading `/` and `..`, so members stay below DIR). The names are
// unknown, so the write reaches every location row anchored below DIR: extracting into home can
// replace ~/.bashrc or ~/.ssh/authorized_keys, into / anything under /etc.
import type { Word } from '../shell/types.ts';
import type { PathRef } from './types.ts';
import type { PathScope } from './paths.ts';
import { ContextMemo } from '../paths/memo.ts';
import { classifyPath, CREDENTIAL_ROWS, GATE_CONFIG_ROWS, PERSISTENCE_ROWS, PROTECTED_ROWS, type PathClass, type PathInfo, type Row } from '../paths/index.ts';

const TABLES: [readonly Row[], PathClass][] = [
  [PROTECTED_ROWS, 'protected'],
  [GATE_CONFIG_ROWS, 'gate-config'],
  [PERSISTENCE_ROWS, 'persistence'],
  [CREDENTIAL_ROWS, 'credential'],
];

/** The literal start of an anchored row in one home (or at the root), lower case; null for any-depth rows. */
function anchoredStart(pat: string, home: string): string | null {
  let p: string;
  if (pat.startsWith('~/')) p = home + '/' + pat.slice(2);
  else if (pat.startsWith('/')) p = pat;
  else return null;
  let k = 0;
  while (k < p.length && p[k] !== '*' && p[k] !== '?' && p[k] !== '[') k++;
  return p.slice(0, k);
}

/** An anchored row of the tables: its literal start in each home (see anchorsFor), class, and what it is. */
interface Anchor {
  starts: string[];
  cls: PathClass;
  why: string;
  pat: string;
}

// The anchored rows for the last home asked about (a decision has one home; the rows are data).
let anchorsHome: string | null = null;
let anchors: Anchor[] = [];
/** Every start of `anchors` with its row's index, sorted by start: the starts below a folder are one run. */
let sortedStarts: { start: string; row: number }[] = [];

/** Every anchored row of the tables, in order, with its start in `home` and in /root (rows at any depth are left out). */
function anchorsFor(home: string): Anchor[] {
  if (anchorsHome === home) return anchors;
  const out: Anchor[] = [];
  for (const [rows, cls] of TABLES) {
    for (const r of rows) {
      const a = anchoredStart(r.pat, home);
      if (a === null) continue;
      out.push({ starts: [a, anchoredStart(r.pat, '/root')!], cls, why: r.why, pat: r.pat });
    }
  }
  const sorted: { start: string; row: number }[] = [];
  out.forEach((a, row) => {
    for (const start of a.starts) sorted.push({ start, row });
  });
  sorted.sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : x.row - y.row));
  anchorsHome = home;
  anchors = out;
  sortedStarts = sorted;
  return out;
}

/** The indices, in row order, of the anchored rows with a start below `below` (a folder with its trailing `/`). */
function rowsBelow(below: string): number[] {
  const list = sortedStarts;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.start < below) lo = mid + 1;
    else hi = mid;
  }
  const rows: number[] = [];
  for (let k = lo; k < list.length && list[k]!.start.startsWith(below); k++) rows.push(list[k]!.row);
  if (rows.length < 2) return rows;
  rows.sort((x, y) => x - y);
  // a row both of whose starts are below counts once
  let n = 1;
  for (let k = 1; k < rows.length; k++) if (rows[k] !== rows[n - 1]) rows[n++] = rows[k]!;
  rows.length = n;
  return rows;
}

// Without an fs port the answer depends only on the folder and the scope's cwd, home and
// workspace: kept across decisions (a session extracts and copies into the same folders), for the
// last home and workspace seen, bounded. Every answer kept is frozen.
const MEMBERS = new ContextMemo<PathInfo>(256);

/** What a member path below `dir` (absolute) can be. */
export function membersInfo(dir: string, sc: PathScope): PathInfo {
  if (sc.fs !== undefined) return membersInfoNow(dir, sc);
  const memo = MEMBERS.in(sc.home, sc.workspace);
  const key = (sc.cwd ?? '') + '\0' + dir;
  let info = memo.get(key);
  if (info === undefined) {
    info = membersInfoNow(dir, sc);
    Object.freeze(info.reasons);
    memo.set(key, Object.freeze(info));
  }
  return info;
}

function membersInfoNow(dir: string, sc: PathScope): PathInfo {
  const base = classifyPath(dir === '/' ? '/x' : dir + '/x', { cwd: sc.cwd, home: sc.home, workspace: sc.workspace, fs: sc.fs }, { tilde: false });
  // the folder itself is not replaced, only files below it
  const classes = new Set<PathClass>([...base.classes].filter((c) => c !== 'critical'));
  const reasons = [...base.reasons];
  const below = (dir === '/' ? '/' : dir + '/').toLowerCase();
  let anchored = false;
  const all = anchorsFor(sc.home.toLowerCase());
  for (const row of rowsBelow(below)) {
    const a = all[row]!;
    if (!classes.has(a.cls)) reasons.unshift(`an archive member can be ${a.why} (${a.pat})`);
    classes.add(a.cls);
    anchored = true;
  }
  // a member can replace a start-up file, a key or a hook there: a protected write
  if (anchored) classes.add('protected');
  return { dynamic: true, free: false, classes, reasons };
}

/** The path every member of an archive extracted into `dirRef` is written to. */
export function membersRef(dirRef: PathRef, sc: PathScope): PathRef | null {
  if (dirRef.abs === null) return null;
  const text = (dirRef.abs === '/' ? '' : dirRef.abs) + '/$(archive member)';
  const w = dirRef.word;
  const word: Word = { span: w.span, raw: text, static: false, approx: text, kinds: ['command'], params: [], quoted: false, substitutions: 0 };
  return { abs: null, word, text, scope: sc, literal: false, info: membersInfo(dirRef.abs, sc) };
}
