// Where the shell is: `cd`, `pushd` and `popd` followed through a command, as bash moves.
// A target is static, computed but known (`"$(dirname "$PWD")"`, `"$(git rev-parse
// --show-toplevel)/.."`, `` `pwd`/.. ``, `/proc/self/cwd`, `$HOME`), a glob (`cd /ho*`: the cwd is
// the pattern), or unknown (the cwd is null: every relative path after it can be anywhere).
import type { Extraction, Invocation, Word } from '../../shell/types.ts';
import type { CheckEnv } from '../env.ts';
import { classifyPath, normalizePath, resolveLiteral } from '../../paths/index.ts';
import { canonical, pathRef, type EffectScope } from '../../effects/index.ts';
import { cdStep, type CdStep } from '../../shell/cd.ts';

export interface CwdState {
  /** Where relative paths resolve now (after top-level `cd`); null once it is unknown. */
  cwd: string | null;
  /** With cwd null: the glob pattern the cwd is one match of (`cd /ho*`), absolute. */
  cwdGlob?: string;
  /** Other cwds the shell may be in (null: anywhere): where it was before a `cd` that may have
   *  failed (`cd build; rm -rf *`), or where `cd -P` may have led through a symlink. */
  mayCwds?: (string | null)[];
  /** Where the shell may be even though the cd worked, so after `&&` too (null: anywhere): the
   *  other CDPATH candidates (`CDPATH=:/etc cd ssh`), or anywhere after `cd -P` through a name
   *  that may be a symlink. */
  mayAlso?: (string | null)[];
  /** A `CDPATH=… cd` moved the shell: st.cwd, not the literal folder of a `cd X &&`, is where it is. */
  cdpath?: boolean;
  /** $OLDPWD once a top-level cd moved from a known folder. */
  oldpwd?: string;
  /** The directory stack below the cwd as pushd made it (null: a folder not known); the shell
   *  may have had more entries below them (the session's own pushd), unless `dirsClosed`. */
  dirs?: (string | null)[];
  dirsClosed?: boolean;
  scope: EffectScope;
}

const SUBSHELL_KINDS = new Set(['subshell', 'cmdsub', 'procsub']);
/** Wrappers that run the builtin in the same shell (`builtin cd ..`, `command cd ..`). */
const SAME_SHELL = new Set(['builtin', 'command']);

function unknown(st: CwdState): void {
  st.mayAlso = undefined;
  st.cwd = null;
  st.cwdGlob = undefined;
  st.mayCwds = undefined;
}

/** Where a cd's target leads from the current cwd: a folder, a glob pattern, or null (unknown). */
function targetOf(env: CheckEnv, w: Word, st: Pick<CwdState, 'cwd' | 'cwdGlob' | 'scope'>): { dir: string } | { glob: string } | null {
  const base = st.cwd;
  if (w.static || (w.kinds.length === 1 && w.kinds[0] === 'glob')) {
    // A static value, or a glob's pattern (its approx keeps quoted glob characters escaped).
    const v = w.static ? w.value! : w.approx;
    const glob = !w.static || st.cwdGlob !== undefined;
    if (v === '') return base === null ? (st.cwdGlob ? { glob: st.cwdGlob } : null) : { dir: base };
    if (!glob) {
      if (base === null && !v.startsWith('/')) return null;
      const abs = canonical(resolveLiteral(v, base ?? '/'), base);
      return abs === null ? null : { dir: abs };
    }
    const text = w.static ? escapeGlob(v) : v;
    if (text.startsWith('/')) return { glob: text };
    const from = base !== null ? escapeGlob(base) : st.cwdGlob;
    return from === undefined ? null : { glob: (from === '/' ? '' : from) + '/' + text };
  }
  // A computed target the engine knows (`"$HOME"/x`, `"$(pwd)"/..`, `"$(dirname "$PWD")"`).
  const ref = pathRef(w, { ...st.scope, cwd: base });
  if (ref.abs === null) return null;
  const abs = canonical(normalizePath(ref.abs), base);
  return abs === null ? null : { dir: abs };
}

function escapeGlob(v: string): string {
  let out = '';
  for (const c of v) out += c === '\\' || c === '*' || c === '?' || c === '[' ? '\\' + c : c;
  return out;
}

/** Does the target name a folder that may be a symlink (a segment other than `.` and `..`)? */
function namesLink(v: string): boolean {
  return v.split('/').some((s) => s !== '' && s !== '.' && s !== '..');
}

/**
 * Follow `cd`, `pushd` and `popd`. One in a subshell (or a pipeline stage, or the background) does
 * not move the commands after it; one in a carrier, a conditional one or popd makes the cwd
 * unknown, so later relative paths are dynamic with every class they could reach.
 */
export function trackCd(env: CheckEnv, inv: Invocation, st: CwdState): void {
  if (inv.name !== 'cd' && inv.name !== 'pushd' && inv.name !== 'popd') return;
  const sc = inv.source;
  if (sc.pipe || sc.background || sc.context.some((c) => SUBSHELL_KINDS.has(c.kind))) return;
  // A cd in a group, if, loop, case or function body moves the shell that runs the commands after
  // it: take it as done (a later critical path is judged from there). A conditional cd (after
  // && or ||) may not have run: where the shell was stays possible for what follows `;`. popd or
  // a carrier leaves the cwd unknown.
  const step = cdStep(inv.name, inv.args);
  if (!step || inv.via.some((v) => !SAME_SHELL.has(v.name))) {
    forgetDirs(st);
    return unknown(st);
  }
  if (step.kind !== 'to') return turnDirs(st, step);
  const cdpath = inv.env.find((a) => a.name === 'CDPATH');
  // An empty CDPATH searches nothing: a plain cd.
  if (cdpath && !(cdpath.value === null || (cdpath.value.static && cdpath.value.value === ''))) {
    if (step.push) forgetDirs(st);
    return cdpathCd(env, inv, st, cdpath);
  }
  const { physical, target } = step;
  const before = st.cwd;
  if (step.push) {
    // pushd DIR: the folder it leaves goes below (pushd -n DIR: DIR goes below, the shell stays)
    const to = target ? targetOf(env, target, st) : null;
    st.dirs = [step.keep ? (to && 'dir' in to ? to.dir : null) : before, ...(st.dirs ?? [])];
    if (step.keep) return;
  }
  const beforeGlob = st.cwdGlob;
  const oldpwd = st.oldpwd;
  st.oldpwd = before ?? undefined;
  st.cwdGlob = undefined;
  // `cd -` (and `pushd -`) goes back to $OLDPWD
  if (target && target.static && target.value === '-') {
    st.cwd = oldpwd ?? null;
    st.mayCwds = undefined;
    return;
  }
  const to = !target ? { dir: env.home } : targetOf(env, target, { cwd: before, cwdGlob: beforeGlob, scope: st.scope });
  if (to === null) return unknown(st);
  if ('glob' in to) {
    // One match is where it goes; no match (or several) fails, and what follows `;` runs where it was.
    st.cwd = null;
    st.cwdGlob = to.glob;
    st.mayCwds = before !== null ? [before] : undefined;
    return;
  }
  st.cwd = to.dir;
  const alts: (string | null)[] = [];
  // An absolute target starts afresh; a relative one moves the other candidates along with it.
  const v0 = target && target.static ? target.value! : null;
  if (!target || v0 === null || v0.startsWith('/')) st.mayAlso = undefined;
  else if (st.mayAlso) st.mayAlso = st.mayAlso.map((a) => (a === null ? null : resolveLiteral(v0, a)));
  if (physical && target) {
    // cd -P resolves symlinks: through the fs port where it can, else the link may lead anywhere.
    const real = env.fs?.realpath(to.dir);
    if (real) st.cwd = real;
    else if (!env.fs && namesLink(target.static ? target.value! : target.approx)) st.mayAlso = [...(st.mayAlso ?? []), null];
  }
  const now = st.cwd;
  if (before === null || !target) {
    st.mayCwds = alts.length ? alts : undefined;
    return;
  }
  // A cd to a folder that may not exist fails, and what follows `;` runs where the shell was.
  const exists = env.fs?.stat(now);
  const fails = !(exists && exists.kind === 'dir') || sc.conditional;
  const v = target.static ? target.value! : null;
  for (const a of st.mayCwds ?? []) {
    alts.push(a === null || v === null ? null : resolveLiteral(v, a));
    if (fails) alts.push(a);
  }
  if (fails) alts.push(before);
  const uniq = [...new Set(alts)].filter((a) => a !== now).slice(0, 4);
  st.mayCwds = uniq.length ? uniq : undefined;
}

function forgetDirs(st: CwdState): void {
  st.dirs = undefined;
  st.dirsClosed = false;
}

/**
 * pushd / popd turning the stack (pushd +N, pushd with no folder, popd): the shell moves to the
 * entry that comes on top. An entry the engine does not know (one the session's shell may have
 * had, a folder it could not name) makes the cwd unknown; a stack known to be too short fails.
 */
function turnDirs(st: CwdState, step: Exclude<CdStep, { kind: 'to' }>): void {
  const all = [st.cwd, ...(st.dirs ?? [])];
  const open = !st.dirsClosed;
  if (step.keep) {
    // popd -n [+N] takes an entry out below the top; other -n turns are not followed
    if (step.kind === 'pop' && !step.fromEnd && step.n >= 1 && step.n < all.length) st.dirs = all.filter((_, k) => k !== step.n).slice(1);
    else if (step.kind !== 'pop' || step.fromEnd || step.n < 1 || !st.dirsClosed) forgetDirs(st);
    return;
  }
  // popd +N (N > 0) takes an entry out below the top: the shell stays
  if (step.kind === 'pop' && !step.fromEnd && step.n > 0) {
    if (step.n < all.length) st.dirs = all.filter((_, k) => k !== step.n).slice(1);
    return;
  }
  let n = step.kind === 'swap' ? 1 : step.n;
  if (step.kind !== 'swap' && step.fromEnd) {
    if (open) return lost(st);
    n = all.length - 1 - step.n;
    if (n < 0) return;
  }
  // the entry that comes on top (popd of the top: the one below it)
  const k = step.kind === 'pop' && n === 0 ? 1 : n;
  if (k >= all.length) return open ? lost(st) : undefined;
  if (step.kind === 'pop' && n > 0) {
    st.dirs = all.filter((_, j) => j !== n).slice(1);
    return;
  }
  if (k === 0) return;
  const before = st.cwd;
  if (step.kind === 'swap') st.dirs = [before, ...all.slice(2)];
  // (rotated under entries not known, the ones from above are lost)
  else if (step.kind === 'rotate') st.dirs = open ? all.slice(k + 1) : [...all.slice(k + 1), ...all.slice(0, k)];
  else st.dirs = all.slice(2);
  const top = all[k]!;
  if (top === before) return;
  st.oldpwd = before ?? undefined;
  st.cwdGlob = undefined;
  st.mayAlso = undefined;
  // where the shell would be had an earlier cd failed is not followed through the stack
  st.mayCwds = st.mayCwds ? [null] : undefined;
  st.cwd = top;
  if (top === null) unknown(st);
}

function lost(st: CwdState): void {
  forgetDirs(st);
  unknown(st);
}

/**
 * `CDPATH=D1:D2 cd name`: bash tries D1/name, D2/name, then ./name (an empty entry is the cwd).
 * The first that is a folder (the first, when the fs cannot tell) is where it goes; the others are
 * where it may have gone. A dynamic CDPATH or target, or one bash does not search, leaves it unknown.
 */
function cdpathCd(env: CheckEnv, inv: Invocation, st: CwdState, cdpath: Invocation['env'][number]): void {
  const t = inv.args.find((w) => !(w.static && w.value!.startsWith('-')));
  const val = cdpath.value === null ? '' : cdpath.value.static ? cdpath.value.value! : null;
  const cwd = st.cwd;
  const name = t && t.static ? t.value! : null;
  if (inv.name !== 'cd' || val === null || name === null || cwd === null || name.startsWith('/') || name === '.' || name === '..' || name.startsWith('./') || name.startsWith('../')) {
    return unknown(st);
  }
  const dirs = val === '' ? [] : val.split(':').map((d) => (d === '' ? cwd : resolveLiteral(d, cwd)));
  const cands = [...new Set([...dirs.map((d) => resolveLiteral(name, d)), resolveLiteral(name, cwd)])];
  const found = cands.find((c) => env.fs?.stat(c)?.kind === 'dir') ?? cands[0]!;
  st.oldpwd = cwd;
  st.cwd = found;
  st.cwdGlob = undefined;
  st.cdpath = true;
  // bash takes the first candidate that is a folder: without the fs, any of them may be it
  const others = cands.filter((c) => c !== found).slice(0, 4);
  st.mayCwds = undefined;
  st.mayAlso = others.length ? others : undefined;
}

/** After `cd sr?`: does a relative path stay inside the workspace for every folder the glob matches? */
export function insideGlobCwd(env: CheckEnv, p: string, glob: string): boolean {
  const info = classifyPath(p, { cwd: null, cwdGlob: glob, home: env.home, workspace: env.workspace }, { tilde: false });
  return !info.free && info.classes.has('workspace') && !info.classes.has('outside') && !info.classes.has('credential');
}

const DIR_VARS = new Set(['HOME', 'PWD']);
const NAME_TAKERS = new Set(['read', 'mapfile', 'readarray', 'printf', 'getopts', 'unset', 'declare', 'typeset', 'local', 'export', 'readonly']);

/**
 * A word that starts with $HOME or $PWD is taken as an absolute path (never an option). That
 * holds unless the command itself gives HOME or PWD a value that is not a static absolute path
 * (`PWD=$(…)`, `read HOME`, `for PWD in …`, `declare -n HOME=…`): then it says which, and asks.
 */
export function dirVarsReassigned(command: string, ex: Extraction): string | null {
  if (!command.includes('HOME') && !command.includes('PWD')) return null;
  const absolute = (w: Word | null) => w !== null && w.static && w.value!.startsWith('/');
  for (const c of ex.commands) {
    for (const a of c.env) if (DIR_VARS.has(a.name) && !absolute(a.value)) return `${a.name} is given a value that is not a static absolute path`;
    const name = c.argv[0]?.static ? c.argv[0].value! : '';
    if (!NAME_TAKERS.has(name)) continue;
    for (const w of c.argv.slice(1)) {
      const t = w.static ? w.value! : w.approx;
      const eq = t.indexOf('=');
      const n = eq < 0 ? t : t.slice(0, eq).replace('+', '');
      if (!DIR_VARS.has(n)) continue;
      if (eq < 0 || !w.static || !t.slice(eq + 1).startsWith('/')) return `${name} sets ${n}`;
    }
  }
  for (const v of DIR_VARS) for (const kw of ['for', 'select']) if (command.includes(`${kw} ${v}`)) return `a loop sets ${v}`;
  return null;
}
