// Helpers shared by the built-in detectors.
import type { Finding, SafetyClass } from '../types.ts';
import type { Invocation, Word } from '../shell/types.ts';
import type { DetectContext, DetectorMeta } from './types.ts';
import { spanOf, parseOptions } from '../shell/normalize/index.ts';
import { normalizePath } from '../paths/index.ts';
import { sedRunsCode } from '../shell/normalize/carriers.ts';

/** cwd marker when a `cd` or wrapper moved to a directory only known at run time. */
export const UNKNOWN_CWD = '/\u0000unknown-cwd';

// Memos for the invocation being checked: every detector asks for the same context and targets,
// one invocation at a time, so the last answer is the one asked for again. Detectors also pass a
// context they already derived (writeTargets(inv, ctxFor(inv, base))): that is memoised as well.
let plainBase: DetectContext | null = null;
let plainCtx: DetectContext | null = null;
let lastInv: Invocation | null = null;
let lastBase: DetectContext | null = null;
let lastCtx: DetectContext | null = null;
let nestedCtx: DetectContext | null = null;

/**
 * The context as this invocation sees it: cwd after `cd DIR &&`, `sudo -D`, `env -C`; paths
 * resolved lexically WITHOUT tilde expansion (word values are already expanded by the parser,
 * so a quoted '~' stays a file named ~).
 */
export function ctxFor(inv: Invocation, base: DetectContext): DetectContext {
  if (!inv.chdir) {
    // Without a chdir the context depends on the base alone, and deriving it again changes nothing.
    if (base !== plainBase && base !== plainCtx) {
      plainCtx = derive(base, base.cwd);
      plainBase = base;
    }
    return plainCtx!;
  }
  if (inv === lastInv) {
    if (base === lastBase) return lastCtx!;
    if (base === lastCtx) return (nestedCtx ??= withChdir(inv, base));
  }
  const ctx = withChdir(inv, base);
  lastInv = inv;
  lastBase = base;
  lastCtx = ctx;
  nestedCtx = null;
  return ctx;
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

/** Frozen: memoised contexts are shared between detectors (and decisions). */
function derive(base: DetectContext, cwd: string): DetectContext {
  return Object.freeze({
    ...base,
    cwd,
    resolve: (p: string) => (p.startsWith('/') ? normalizePath(p) : cwd === UNKNOWN_CWD ? UNKNOWN_CWD + '/' + p : normalizePath(cwd + '/' + p)),
  });
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

const WRITE_OPS = new Set(['>', '>>', '>|', '<>', '&>', '&>>']);

export interface Target {
  word: Word;
  abs: string | null;
  how: string;
  append?: boolean;
}

function opt(p: ReturnType<typeof parseOptions>, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = p.options.get(n);
    if (typeof v === 'string') return v;
  }
  return undefined;
}

let targetInv: Invocation | null = null;
let targetCtx: DetectContext | null = null;
let targetList: Target[] = [];

/** Every path this invocation writes (redirects, tee, cp/mv targets, sed -i, touch …). */
export function writeTargets(inv: Invocation, ctx0: DetectContext): Target[] {
  const ctx = ctxFor(inv, ctx0);
  if (inv === targetInv && ctx === targetCtx) return targetList;
  const targets = computeTargets(inv, ctx);
  targetInv = inv;
  targetCtx = ctx;
  targetList = targets;
  return targets;
}

const WRITERS = new Set(['tee', 'cp', 'install', 'ln', 'rsync', 'mv', 'sed', 'touch', 'mkdir', 'rm', 'rmdir', 'shred', 'truncate', 'unlink', 'chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'dd', 'patch', 'tar', 'curl', 'wget', 'sort', 'git']);

function computeTargets(inv: Invocation, ctx: DetectContext): Target[] {
  const out: Target[] = [];
  for (const r of inv.redirects) {
    if (WRITE_OPS.has(r.op)) out.push({ word: r.target, abs: pathOf(r.target, ctx), how: `redirect ${r.op}`, append: r.op === '>>' || r.op === '&>>' });
  }
  if (!inv.program.static || !WRITERS.has(inv.name)) return out;
  return writerTargets(inv, ctx, out);
}

/** What a known writer program writes, after its redirections. */
function writerTargets(inv: Invocation, ctx: DetectContext, out: Target[]): Target[] {
  const add = (word: Word, how: string, append = false) => out.push({ word, abs: pathOf(word, ctx), how, append });
  const addPath = (value: string, word: Word, how: string) => out.push({ word, abs: ctx.resolve(value), how });
  const name = inv.name;
  const p = parseOptions(inv);
  const ops = p.operands;
  switch (name) {
    case 'tee':
      for (const w of ops) add(w, 'tee', p.options.has('append'));
      break;
    case 'cp':
    case 'install':
    case 'ln':
    case 'rsync': {
      const t = opt(p, 'target-directory');
      if (t !== undefined) addPath(t, inv.program, `${name} -t`);
      else if (ops.length) add(ops[ops.length - 1], name);
      if (name === 'install' && p.options.has('directory')) for (const w of ops) add(w, 'install -d');
      break;
    }
    case 'mv': {
      const t = opt(p, 'target-directory');
      if (t !== undefined) addPath(t, inv.program, 'mv -t');
      for (const w of ops) add(w, 'mv');
      break;
    }
    case 'sed': {
      const explicit = p.options.has('expression') || p.options.has('file');
      if (p.options.has('in-place')) for (const w of explicit ? ops : ops.slice(1)) add(w, 'sed -i');
      const scripts: string[] = [];
      if (!explicit && ops[0] && ops[0].static) scripts.push(ops[0].value ?? '');
      const ev = p.options.get('expression');
      if (typeof ev === 'string') scripts.push(ev);
      for (const sc of scripts) {
        const files: string[] = [];
        sedRunsCode(sc, undefined, files);
        for (const f of files) if (f && f !== '/dev/stdout' && f !== '/dev/stderr') addPath(f, inv.program, 'sed w');
      }
      break;
    }
    case 'touch':
    case 'mkdir':
    case 'rm':
    case 'rmdir':
    case 'shred':
    case 'truncate':
    case 'unlink':
      for (const w of ops) add(w, name);
      break;
    case 'chmod':
    case 'chown':
    case 'chgrp':
    case 'chattr':
    case 'setfacl':
      for (const w of p.options.has('reference') || name === 'setfacl' ? ops : ops.slice(1)) add(w, name);
      break;
    case 'dd':
      for (const w of inv.args) if (w.static && (w.value ?? '').startsWith('of=')) addPath((w.value ?? '').slice(3), w, 'dd of=');
      break;
    case 'patch': {
      const o = opt(p, 'output');
      if (o !== undefined) addPath(o, inv.program, 'patch -o');
      if (ops[0]) add(ops[0], 'patch');
      break;
    }
    case 'tar': {
      const c = opt(p, 'directory');
      if (p.options.has('extract') || firstBundle(inv, 'x')) {
        if (c !== undefined) addPath(c, inv.program, 'tar -x -C');
        else out.push({ word: inv.program, abs: ctx.cwd, how: 'tar -x' });
      }
      break;
    }
    case 'curl': {
      const o = opt(p, 'output');
      if (o !== undefined) addPath(o, inv.program, 'curl -o');
      break;
    }
    case 'wget': {
      const o = opt(p, 'output-document');
      if (o !== undefined && o !== '-') addPath(o, inv.program, 'wget -O');
      break;
    }
    case 'sort': {
      for (const w of inv.args) if (w.static && (w.value ?? '').startsWith('-o') && (w.value ?? '').length > 2) addPath((w.value ?? '').slice(2), w, 'sort -o');
      const i = inv.args.findIndex((w) => w.static && (w.value === '-o' || w.value === '--output'));
      if (i >= 0 && inv.args[i + 1]) add(inv.args[i + 1], 'sort -o');
      break;
    }
    case 'git': {
      const sub = p.subcommand[0];
      if (sub === 'config' && !isConfigRead(p)) {
        if (p.options.has('global')) addPath(ctx.home + '/.gitconfig', inv.program, 'git config --global');
        else if (p.options.has('system')) addPath('/etc/gitconfig', inv.program, 'git config --system');
        else {
          const f = opt(p, 'file');
          addPath(f ?? '.git/config', inv.program, 'git config');
        }
      }
      break;
    }
  }
  return out;
}

function firstBundle(inv: Invocation, c: string): boolean {
  const f = inv.args[0];
  return !!f && f.static && !(f.value ?? '').startsWith('-') && (f.value ?? '').includes(c) && /* old-style tar bundle */ (f.value ?? '').length <= 8;
}

export function isConfigRead(p: ReturnType<typeof parseOptions>): boolean {
  for (const k of ['get', 'get-all', 'get-regexp', 'get-urlmatch', 'list', 'get-color', 'get-colorbool']) if (p.options.has(k)) return true;
  const sub = p.operands[0];
  if (sub && sub.static && (sub.value === 'get' || sub.value === 'list')) return true;
  return p.operands.length === 1 && !p.options.has('unset') && !p.options.has('unset-all') && !p.options.has('add') && !p.options.has('replace-all') && !p.options.has('rename-section') && !p.options.has('remove-section') && !p.options.has('edit');
}

/** Static value or approx. */
export function text(w: Word): string {
  return w.static ? (w.value ?? '') : w.approx;
}

export function viaNames(inv: Invocation): string[] {
  return inv.via.map((v) => v.name);
}
