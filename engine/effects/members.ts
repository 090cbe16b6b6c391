// Archive members: an extraction into DIR writes below DIR under names the archive chooses
// (GNU tar, bsdtar and unzip drop leading `/` and `..`, so members stay below DIR). The names are
// unknown, so the write reaches every location row anchored below DIR: extracting into home can
// replace ~/.bashrc or ~/.ssh/authorized_keys, into / anything under /etc.
import type { Word } from '../shell/types.ts';
import type { PathRef } from './types.ts';
import type { PathScope } from './paths.ts';
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
  anchorsHome = home;
  anchors = out;
  return out;
}

/** What a member path below `dir` (absolute) can be. */
export function membersInfo(dir: string, sc: PathScope): PathInfo {
  const base = classifyPath(dir === '/' ? '/x' : dir + '/x', { cwd: sc.cwd, home: sc.home, workspace: sc.workspace, fs: sc.fs }, { tilde: false });
  // the folder itself is not replaced, only files below it
  const classes = new Set<PathClass>([...base.classes].filter((c) => c !== 'critical'));
  const reasons = [...base.reasons];
  const below = (dir === '/' ? '/' : dir + '/').toLowerCase();
  let anchored = false;
  for (const a of anchorsFor(sc.home.toLowerCase())) {
    for (const start of a.starts) {
      if (!start.startsWith(below)) continue;
      if (!classes.has(a.cls)) reasons.unshift(`an archive member can be ${a.why} (${a.pat})`);
      classes.add(a.cls);
      anchored = true;
      break;
    }
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
