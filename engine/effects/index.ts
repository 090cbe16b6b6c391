// effectsOf: from one resolved invocation (its redirections, env prefixes, pipeline position and
// cwd) to typed effects. The per-decision scope carries what earlier invocations did (downloads,
// secrets read into a pipeline), so nothing is remembered across decisions.
import type { Extraction, Invocation } from '../shell/types.ts';
import type { Effect, PathRef } from './types.ts';
import { describe } from '../programs/index.ts';
import { effectiveName } from '../shell/normalize/index.ts';
import { NETWORK, SHELLS, INTERPRETERS } from '../shell/normalize/state.ts';
import { credentialReason } from '../paths/index.ts';
import { pathRef, resolveIn, type PathScope } from './paths.ts';
import { redirectEffects } from './redirects.ts';
import { legacyEffects } from './legacy.ts';
import { factEffects } from './facts.ts';

export type { Effect, EffectKind, PathRef } from './types.ts';
export { KIND_BIT, kindMask, maskOf } from './types.ts';
export { pathRef, resolveIn, canonical, isCriticalDirAt, infoOf, reachesClass, type PathScope } from './paths.ts';
export { isBlockDevice } from './devices.ts';
export { isConfigRead } from './legacy.ts';

/** What one decision's Bash check knows while it walks the invocations in order. */
export interface EffectScope extends PathScope {
  ex?: Extraction;
  /** Files written by a download earlier in the same command (absolute). */
  downloads?: Set<string>;
  /** Pipelines (by id) an earlier stage of which read a credential. */
  secretPipes?: Set<number>;
}

export function newScope(base: PathScope, ex?: Extraction): EffectScope {
  return { home: base.home, workspace: base.workspace, cwd: base.cwd, fs: base.fs, ex, downloads: new Set(), secretPipes: new Set() };
}

/** The cwd an invocation runs in: the scope's, moved by a `cd`/wrapper chdir (null: unknown). */
export function cwdOf(inv: Invocation, cwd: string | null): string | null {
  if (!inv.chdir) return cwd;
  if (!inv.chdir.static) return null;
  return resolveIn(inv.chdir.value!, { cwd });
}

const CODE_FILE_OPTS: Record<string, string> = { make: 'f', gmake: 'f', awk: 'f', gawk: 'f', mawk: 'f', nawk: 'f', sed: 'f' };

/** Every effect of `inv`. `sc.cwd` is the cwd before the invocation's own chdir. */
export function effectsOf(inv: Invocation, sc0: EffectScope): Effect[] {
  const cwd = cwdOf(inv, sc0.cwd);
  const sc: EffectScope = cwd === sc0.cwd ? sc0 : { ...sc0, cwd };
  const out: Effect[] = [];
  for (const r of inv.redirects) redirectEffects(r, sc, out);
  for (const a of inv.env) out.push({ kind: 'env', how: 'prefix', name: a.name, text: a.value?.static ? a.value.value : undefined, word: a.value ?? undefined });
  const o = inv.opaque;
  if (o) {
    const origin = o.reason === 'network' ? 'network' : o.reason === 'stdin' ? 'stdin' : 'inline';
    out.push({ kind: 'code', how: o.carrier, language: o.language ?? 'sh', origin, text: o.payload, word: inv.program });
    if (o.reason === 'dynamic' || o.reason === 'depth') out.push({ kind: 'unknown', how: `${o.carrier}: payload known only at run time`, word: inv.program });
  }
  if (!inv.program.static) {
    out.push({ kind: 'unknown', how: 'dynamic command name', word: inv.program });
    return out;
  }
  const path = inv.program.value!;
  if (path.includes('/')) {
    // Running a file by its path runs its contents as code.
    const ref = pathRef(inv.program, sc);
    out.push({ kind: 'code', how: 'runs a file', language: 'sh', origin: fromDownload(ref, sc) ? 'network' : 'file', path: ref });
  }
  if (inv.name === '') return out;
  const facts = describe(inv.name, inv.args);
  if (facts.known) factEffects(inv, facts, sc, out);
  legacyEffects(inv, sc, out, !facts.known);
  codeFiles(inv, sc, out);
  if (!facts.known && !KNOWN.has(inv.name)) out.push({ kind: 'unknown', how: `${inv.name} is not a known program`, word: inv.program });
  // Code read from a file that a download wrote earlier in the command comes from the network.
  if (sc.downloads?.size) for (const e of out) if (e.kind === 'code' && e.origin === 'file' && e.path && fromDownload(e.path, sc)) e.origin = 'network';
  track(inv, sc0, out);
  return dedupe(out);
}

/** Program facts and the legacy tables may name the same effect twice: keep the first. */
function dedupe(out: Effect[]): Effect[] {
  if (out.length < 2) return out;
  const res: Effect[] = [];
  for (const e of out) {
    let dup = false;
    for (const r of res) {
      if (r.kind === e.kind && r.path && e.path && r.path.abs === e.path.abs && r.path.text === e.path.text) {
        // The wider reading wins: a recursive delete over a plain one.
        if (e.recursive && !r.recursive) res[res.indexOf(r)] = { ...r, recursive: true, how: e.how };
        dup = true;
        break;
      }
    }
    if (!dup) res.push(e);
  }
  return res;
}

/** Names the engine models without program facts (builtins, wrappers, the read-only list …). */
const KNOWN = new Set<string>();
export function markKnown(names: Iterable<string>): void {
  for (const n of names) KNOWN.add(n);
}

function fromDownload(ref: PathRef, sc: EffectScope): boolean {
  return ref.abs !== null && !!sc.downloads?.has(ref.abs);
}

/** Scripts a shell or interpreter runs by name, and -f program files (make, awk, sed). */
function codeFiles(inv: Invocation, sc: EffectScope, out: Effect[]): void {
  const name = inv.name;
  const shell = SHELLS.has(name) || name === 'source' || name === '.';
  const interp = INTERPRETERS.get(name);
  if (shell || interp) {
    for (const w of inv.args) {
      if (w.static && w.value!.startsWith('-')) {
        if (w.value === '-c' || (interp && interp.code.includes(w.value!))) return;
        continue;
      }
      const ref = pathRef(w, sc);
      out.push({ kind: 'code', how: `${name} runs a script`, language: interp?.language ?? 'sh', origin: fromDownload(ref, sc) ? 'network' : 'file', path: ref });
      return;
    }
    return;
  }
  const flag = CODE_FILE_OPTS[name];
  if (!flag) return;
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (!w.static) continue;
    const v = w.value!;
    let file: string | undefined;
    let word = w;
    if (v === '-' + flag || v === '--file' || (name === 'make' && v === '--makefile')) {
      const next = args[i + 1];
      if (next) {
        word = next;
        file = next.static ? next.value : undefined;
        if (file === undefined) out.push({ kind: 'code', how: `${name} -${flag}`, language: name, origin: 'file', path: pathRef(next, sc) });
      }
    } else if (v.startsWith('-' + flag) && v.length > 2 && !v.startsWith('--')) file = v.slice(2);
    else if (v.startsWith('--file=') || v.startsWith('--makefile=')) file = v.slice(v.indexOf('=') + 1);
    if (file !== undefined) {
      const ref = pathRef(word, sc, file);
      out.push({ kind: 'code', how: `${name} -${flag}`, language: name, origin: fromDownload(ref, sc) ? 'network' : file === '/dev/stdin' || file === '-' ? networkStdin(inv, sc) : 'file', path: ref });
    }
  }
}

/** A program reading its code from stdin: the network when a download feeds the pipe. */
function networkStdin(inv: Invocation, sc: EffectScope): 'network' | 'stdin' {
  return producerIsNetwork(inv, sc) ? 'network' : 'stdin';
}

export function producerIsNetwork(inv: Invocation, sc: EffectScope): boolean {
  const p = inv.source.pipe;
  if (!p || p.index === 0 || !sc.ex) return false;
  for (const c of sc.ex.commands) if (c.pipe && c.pipe.id === p.id && c.pipe.index < p.index && NETWORK.has(effectiveName(c))) return true;
  return false;
}

/** Record downloads and secrets read into a pipe, for later invocations of the same decision. */
function track(inv: Invocation, sc: EffectScope, out: Effect[]): void {
  const downloads = sc.downloads;
  const net = NETWORK.has(inv.name) || out.some((e) => e.kind === 'network' && e.direction !== 'out');
  const fed = inv.name === 'tee' || inv.name === 'cp' || inv.name === 'dd' || inv.name === 'cat' ? producerIsNetwork(inv, sc) : false;
  const pipe = inv.source.pipe;
  for (const e of out) {
    if (downloads && (net || fed || (e.how.startsWith('redirect') && producerIsNetwork(inv, sc))) && e.kind === 'write' && e.path?.abs) downloads.add(e.path.abs);
    if (pipe && sc.secretPipes && e.kind === 'read' && e.path?.abs && credentialReason(e.path.abs, sc.home)) sc.secretPipes.add(pipe.id);
  }
}
