// Helpers shared by the built-in detectors.
import type { Finding, SafetyClass } from '../types.ts';
import type { Invocation, Word } from '../shell/types.ts';
import type { DetectContext, DetectorMeta } from './types.ts';
import { spanOf } from '../shell/normalize/index.ts';
import { normalizePath, resolveLiteral, isProtected, isInWorkspace } from '../paths/index.ts';
import { effectsOf, newScope, type Effect, type EffectScope } from '../effects/index.ts';

/** cwd marker when a `cd` or wrapper moved to a directory only known at run time. */
export const UNKNOWN_CWD = '/\u0000unknown-cwd';

/** Marks a context the pipeline made: its cwd is known and `resolve` is the lexical resolve of it. */
const PLAIN = Symbol('plain context');
/** On such a context: the one derived for its invocation's chdir, once asked for. */
const CHDIR = Symbol('chdir context');
type Own = DetectContext & { [PLAIN]?: true; [CHDIR]?: DetectContext };

/**
 * The context the pipeline hands every detector for one invocation (one object per invocation,
 * shared by its detectors; nothing of it outlives the decision). `base` holds the decision's cwd,
 * home, workspace and their functions.
 */
export function invocationContext(base: DetectContext, inv: Invocation, effects: readonly Effect[], scope: EffectScope): DetectContext {
  const c: Own = { cwd: base.cwd, home: base.home, workspace: base.workspace, resolve: base.resolve, isProtected: base.isProtected, isInWorkspace: base.isInWorkspace, inv, effects, scope };
  c[PLAIN] = true;
  return c;
}

/** The base context made last (frozen and pure, so a later decision in the same place shares it). */
let lastBase: DetectContext | null = null;

/** A decision's base context for a known cwd: lexical resolve, protected and workspace tests. */
export function baseContext(cwd: string, home: string, workspace: string[]): DetectContext {
  const b = lastBase;
  if (b !== null && b.cwd === cwd && b.home === home && b.workspace === workspace) return b;
  return (lastBase = makeBase(cwd, home, workspace));
}

function makeBase(cwd: string, home: string, workspace: string[]): DetectContext {
  return Object.freeze({
    cwd,
    home,
    workspace,
    resolve: (p: string) => resolveLiteral(p, cwd),
    isProtected: (p: string) => isProtected(p, home),
    isInWorkspace: (p: string) => isInWorkspace(p, workspace),
  });
}

/**
 * The context as this invocation sees it: cwd after `cd DIR &&`, `sudo -D`, `env -C`; paths
 * resolved lexically WITHOUT tilde expansion (word values are already expanded by the parser,
 * so a quoted '~' stays a file named ~).
 */
export function ctxFor(inv: Invocation, base: DetectContext): DetectContext {
  const own = base as Own;
  if (!inv.chdir) {
    // Without a chdir the context depends on the base alone: the pipeline's already resolves
    // lexically from its cwd, so it is its own derivation.
    return own[PLAIN] === true ? base : derive(base, base.cwd);
  }
  if (own[PLAIN] === true && own.inv === inv) return (own[CHDIR] ??= withChdir(inv, base));
  return withChdir(inv, base);
}

function withChdir(inv: Invocation, base: DetectContext): DetectContext {
  let cwd = base.cwd;
  if (inv.chdir) {
    if (!inv.chdir.static) cwd = UNKNOWN_CWD;
    else {
      const v = inv.chdir.value ?? '';
      cwd = v.startsWith('/') ? normalizePath(v) : normalizePath(base.cwd + '/' + v);
    }
  }
  return derive(base, cwd);
}

/** Frozen: a detector that writes to a derived context fails instead of changing another's. */
function derive(base: DetectContext, cwd: string): DetectContext {
  const resolve = (p: string) => (p.startsWith('/') ? normalizePath(p) : cwd === UNKNOWN_CWD ? UNKNOWN_CWD + '/' + p : normalizePath(cwd + '/' + p));
  // The pipeline's own context has these fields only: built field by field (spreading an object
  // with symbol keys takes V8's slow path, microseconds per call).
  if ((base as Own)[PLAIN] === true) {
    const { home, workspace, isProtected, isInWorkspace, inv, effects, scope } = base;
    return Object.freeze({ cwd, home, workspace, resolve, isProtected, isInWorkspace, inv, effects, scope });
  }
  return Object.freeze({ ...base, [PLAIN]: undefined, [CHDIR]: undefined, cwd, resolve });
}

export function finding(meta: DetectorMeta, inv: Invocation, message: string, w?: Word, opts?: { behavior?: 'deny' | 'ask'; safety?: SafetyClass }): Finding {
  const f: Finding = { detector: meta.id, family: meta.family, behavior: opts?.behavior ?? meta.behaviour, message, span: spanOf(inv, w) };
  const safety = opts && 'safety' in opts ? opts.safety : meta.safety;
  if (safety) f.safety = safety;
  return f;
}

/** The path a word names, as an absolute path, or null when it is not known statically. */
export function pathOf(w: Word, ctx: DetectContext): string | null {
  if (w.static) {
    const v = w.value ?? '';
    if (ctx.cwd === UNKNOWN_CWD && !v.startsWith('/')) return null;
    return ctx.resolve(v);
  }
  const home = homeForm(w.approx, ctx);
  return home;
}

/** `$HOME`, `${HOME}`, `"$HOME"/x` → home-based path when the rest is static. */
export function homeForm(approx: string, ctx: DetectContext): string | null {
  if (!approx.startsWith('$HOME')) return null;
  const rest = approx.slice(5);
  if (rest.length && rest[0] !== '/') return null;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '$' || c === '`' || c === '*' || c === '?' || c === '[' || c === '\\') return null;
  }
  return ctx.resolve(ctx.home + rest);
}

/**
 * For a word that is a glob directly under a directory (`/*`, `~/*`, `./.*`, `"$HOME"/*`):
 * that directory, absolute. Otherwise null.
 */
export function globDir(w: Word, ctx: DetectContext): string | null {
  if (w.static) return null;
  let prefix: string | undefined = w.globPrefix;
  let approx = w.approx;
  if (prefix === undefined) {
    if (!approx.startsWith('$HOME')) return null;
    approx = ctx.home + approx.slice(5);
    let k = 0;
    while (k < approx.length && approx[k] !== '*' && approx[k] !== '?' && approx[k] !== '[') k++;
    if (k === approx.length) return null;
    prefix = approx.slice(0, k);
    for (let i = 0; i < prefix.length; i++) if (prefix[i] === '$' || prefix[i] === '`') return null;
  }
  const cut = prefix.lastIndexOf('/');
  const dirPart = cut < 0 ? '' : prefix.slice(0, cut + 1);
  // the rest (after dirPart) must not contain another '/': the glob is directly under dirPart
  const tailStart = approx.indexOf(prefix) >= 0 ? approx.indexOf(prefix) + dirPart.length : -1;
  if (tailStart < 0) return null;
  if (approx.slice(tailStart).includes('/')) {
    const tail = approx.slice(tailStart);
    if (!(tail.endsWith('/') && !tail.slice(0, -1).includes('/'))) return null;
  }
  if (ctx.cwd === UNKNOWN_CWD && !dirPart.startsWith('/')) return null;
  return dirPart ? ctx.resolve(dirPart) : ctx.cwd;
}

/** `"$DIR"/*`, `$X/`, `${X}/*`: a glob or trailing slash directly under a variable. */
export function varGlob(w: Word): boolean {
  if (w.static) return false;
  const a = w.approx;
  if (a[0] !== '$') return false;
  let i = 1;
  while (i < a.length && isIdent(a.charCodeAt(i))) i++;
  if (i === 1) return false;
  const rest = a.slice(i);
  return rest === '/' || rest === '/*' || rest === '/.*' || rest === '/*/' || rest === '/{*,.*}';
}

function isIdent(c: number): boolean {
  return c === 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** `/`, a top-level directory, home, a workspace root or a parent of one. */
export function isCriticalDir(p: string, ctx: DetectContext, withWorkspace = true): boolean {
  if (p === '/') return true;
  if (p.indexOf('/', 1) < 0) return true; // top-level
  if (p === ctx.home || isParent(p, ctx.home)) return true;
  if (withWorkspace) for (const w of ctx.workspace) if (p === w || isParent(p, w)) return true;
  return false;
}

function isParent(p: string, child: string): boolean {
  return child.startsWith(p === '/' ? '/' : p + '/');
}

export interface Target {
  word: Word;
  abs: string | null;
  how: string;
  kind: Effect['kind'];
  append?: boolean;
}

/** The invocation's effects: the pipeline's, or computed here for a context that has none. */
export function effectsFor(inv: Invocation, ctx: DetectContext): readonly Effect[] {
  if (ctx.inv === inv && ctx.effects) return ctx.effects;
  const cwd = ctx.cwd === UNKNOWN_CWD ? null : ctx.cwd;
  return effectsOf(inv, ctx.scope ?? newScope({ home: ctx.home, workspace: ctx.workspace, cwd }));
}

/** The effect kinds writeTargets lists: a path written, deleted or changed. */
export const TARGET_KINDS: ReadonlySet<Effect['kind']> = new Set<Effect['kind']>(['write', 'delete', 'mode', 'owner', 'device']);

/** Every path this invocation writes, deletes or changes (redirects, tee, cp/mv targets, sed -i, rm …). */
export function writeTargets(inv: Invocation, ctx: DetectContext): Target[] {
  const out: Target[] = [];
  for (const e of effectsFor(inv, ctx)) {
    if (!TARGET_KINDS.has(e.kind) || !e.path) continue;
    out.push({ word: e.path.word, abs: e.path.abs, how: e.how, kind: e.kind, append: e.create === 'append' });
  }
  return out;
}

export { isConfigRead } from '../effects/index.ts';

/** Is some operand or option word, as written, one of these static values? (a git subcommand is
 *  one, so a detector that reads only some subcommands can skip parsing the rest) */
export function hasArgIn(inv: Invocation, values: ReadonlySet<string>): boolean {
  for (const w of inv.args) if (w.static && values.has(w.value ?? '')) return true;
  return false;
}

/** Static value or approx. */
export function text(w: Word): string {
  return w.static ? (w.value ?? '') : w.approx;
}

export function viaNames(inv: Invocation): string[] {
  return inv.via.map((v) => v.name);
}
