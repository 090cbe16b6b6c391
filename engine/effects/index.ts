// effectsOf: from one resolved invocation (its redirections, env prefixes, pipeline position and
// cwd) to typed effects. The per-decision scope carries what earlier invocations did (downloads,
// secrets read into a pipeline), so nothing is remembered across decisions.
import type { Extraction, Invocation, Word } from '../shell/types.ts';
import type { Effect, PathRef } from './types.ts';
import type { ProgramFacts } from '../programs/index.ts';
import { effectiveName, factsFor, findContextOf, networkOutput, parentOf } from '../shell/normalize/index.ts';
import { NETWORK, SHELLS, INTERPRETERS } from '../shell/normalize/state.ts';
import { pathRef, resolveIn, infoOf, type PathScope } from './paths.ts';
import { redirectEffects } from './redirects.ts';
import { legacyEffects } from './legacy.ts';
import { factEffects } from './facts.ts';
import { namedFileReads, unmodelledReads } from './refs.ts';
import { itemsFromProducers } from './items.ts';

export type { Effect, EffectKind, PathRef } from './types.ts';
export { KIND_BIT, kindMask, maskOf } from './types.ts';
export { pathRef, resolveIn, canonical, isCriticalDirAt, infoOf, reachesClass, type PathScope } from './paths.ts';
export { isBlockDevice } from './devices.ts';
export { isConfigRead } from './legacy.ts';

/** What one decision's Bash check knows while it walks the invocations in order. */
export interface EffectScope extends PathScope {
  ex?: Extraction;
  /**
   * What earlier invocations of the decision did, shared by every copy of the scope (none: nothing
   * is tracked). Each collection is made when the first entry comes.
   */
  tracked?: Tracked;
  /** The program facts of the invocation effectsOf saw last (read-only derivation reads them). */
  facts?: ProgramFacts;
}

interface Tracked {
  /** Files written by a download earlier in the same command (absolute). */
  downloads: Set<string> | undefined;
  /** Paths read by each pipeline (by id), for secrets flowing into a later stage. */
  pipeReads: Map<number, PathRef[]> | undefined;
  /** File descriptors `exec N<>/dev/tcp/…` connected to the network. */
  netFds: Set<number> | undefined;
}

export function newScope(base: PathScope, ex?: Extraction): EffectScope {
  // every field from the start (the pipeline sets cwdGlob and fs later), one shape for every scope
  return { home: base.home, workspace: base.workspace, cwd: base.cwd, cwdGlob: undefined, fs: base.fs, ex, tracked: { downloads: undefined, pipeReads: undefined, netFds: undefined }, facts: undefined };
}

/** The cwd an invocation runs in: the scope's, moved by a `cd`/wrapper chdir (null: unknown). */
export function cwdOf(inv: Invocation, cwd: string | null): string | null {
  if (!inv.chdir) return cwd;
  if (!inv.chdir.static) return null;
  return resolveIn(inv.chdir.value!, { cwd });
}

const CODE_FILE_OPTS: ReadonlyMap<string, string> = new Map(Object.entries({ make: 'f', gmake: 'f', awk: 'f', gawk: 'f', mawk: 'f', nawk: 'f', sed: 'f' }));

/** Which of the name tables below a program name is in, one lookup (built from them on first use). */
const T_CODE_FILES = 1; // codeFiles: a shell, source, an interpreter or a -f program
const T_REMOTE = 2; // remoteSources: an installer, a runner or python
let traits: Map<string, number> | undefined;
function traitsOf(name: string): number {
  if (traits === undefined) {
    const t = new Map<string, number>();
    const add = (n: string, bit: number) => t.set(n, (t.get(n) ?? 0) | bit);
    for (const n of SHELLS) add(n, T_CODE_FILES);
    for (const n of ['source', '.', ...INTERPRETERS.keys(), ...CODE_FILE_OPTS.keys()]) add(n, T_CODE_FILES);
    for (const n of [...INSTALLERS.keys(), ...RUNNERS, 'python', 'python3']) add(n, T_REMOTE);
    traits = t;
  }
  return traits.get(name) ?? 0;
}

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
  sc0.facts = undefined;
  if (!inv.program.static) {
    out.push({ kind: 'unknown', how: 'dynamic command name', word: inv.program });
    if (connectionStdio(inv)) connectionCode(inv, out, true);
    return out;
  }
  const path = inv.program.value!;
  if (path.includes('/')) {
    // Running a file by its path runs its contents as code.
    const ref = pathRef(inv.program, sc);
    out.push({ kind: 'code', how: 'runs a file', language: 'sh', origin: fromDownload(ref, sc) ? 'network' : 'file', path: ref });
  }
  if (inv.name === '') return out;
  const facts = factsFor(inv);
  sc0.facts = facts;
  if (printsAndExits(facts)) {
    track(inv, sc0, out);
    return dedupe(out);
  }
  if (facts.known) factEffects(inv, facts, sc, out);
  namedFileReads(inv, sc, out);
  if (facts.known) unmodelledReads(inv, facts, sc, out);
  legacyEffects(inv, sc, out, !facts.known);
  const t = traitsOf(inv.name);
  if (t & T_CODE_FILES) codeFiles(inv, sc, out);
  if (t & T_REMOTE) remoteSources(inv, sc, out);
  if (!facts.known && !KNOWN.has(inv.name)) out.push({ kind: 'unknown', how: `${inv.name} is not a known program`, word: inv.program });
  // (find -exec's commands come through a carrier step: an invocation with none has no find context)
  if (inv.via.length) spreadFindMatches(inv, out);
  settleOrigins(inv, sc, out);
  // nc -e "$X" H P (its own code known only at run time), nc -e sh H P (the shell it runs): the connection feeds them
  if (facts.execStdio === 'network') connectionCode(inv, out, false);
  if (connectionStdio(inv)) connectionCode(inv, out, !facts.known);
  itemsFromProducers(inv, sc, out);
  track(inv, sc0, out);
  return dedupe(out);
}

/**
 * A version or help flag of a known program, with no operand or option value that names a file,
 * code or a command: the program prints and exits, so the effects it would have otherwise (stdin as
 * code, network, project code) do not happen. Redirections and env prefixes still count.
 */
function printsAndExits(f: ProgramFacts): boolean {
  return f.known && f.info && !f.issues.length && f.args.every((a) => a.role === 'none');
}

/**
 * `find ROOTS … -exec CMD {} +`: the placeholder stands for every match under the roots, so an
 * effect on `{}` is an effect on the whole trees (unless a test narrows the matches).
 */
function spreadFindMatches(inv: Invocation, out: Effect[]): void {
  const fc = findContextOf(inv);
  if (!fc) return;
  for (let i = 0; i < out.length; i++) {
    const e = out[i]!;
    if (!e.path || !e.path.word.static || e.path.text !== '{}') continue;
    const sc = e.path.scope as PathScope;
    // Every match (a test narrows them to some paths below the roots): a read walks the trees.
    const spread = fc.roots.map((w) => (fc.filtered && e.kind !== 'read' ? { ...e, path: pathRef(w, sc), recursive: false, within: true } : { ...e, path: pathRef(w, sc), recursive: true }));
    // find / -name home -exec rm -rf {} +: a recursive delete of every match, each a path below a
    // root with that name (`/**/home`), which may be a critical folder
    if (fc.filtered && e.kind === 'delete' && e.recursive && fc.names) {
      for (const w of fc.roots) {
        for (const n of fc.names) {
          if (n.includes('/') || fc.maxdepth === 0) continue;
          // (only a critical match is added: the folders between may be any, a .git among them)
          const ref = pathRef(matchWord(w, n, fc.maxdepth === 1), sc);
          if (infoOf(ref).classes.has('critical')) spread.push({ ...e, path: ref, recursive: true });
        }
      }
    }
    out.splice(i, 1, ...spread);
    i += spread.length - 1;
  }
}

/** The glob of a find's matches below a root with one -name pattern: ROOT/NAME at -maxdepth 1, else any depth of folders between (a globstar). */
function matchWord(root: Word, name: string, top: boolean): Word {
  const r = root.static ? root.value! : root.approx;
  const text = `${r.endsWith('/') ? r.slice(0, -1) : r}/${top ? '' : '**/'}${name}`;
  return { ...root, static: false, value: undefined, raw: text, approx: text, kinds: ['glob'], params: [], substitutions: 0, globPrefix: undefined, braces: undefined };
}

/** Program facts and the legacy tables may name the same effect twice: keep the first. */
function dedupe(out: Effect[]): Effect[] {
  if (out.length < 2 || !anySame(out)) return out;
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

/** Do two effects of `out` name the same kind and path (the common case: none, nothing to copy)? */
function anySame(out: Effect[]): boolean {
  for (let i = 1; i < out.length; i++) {
    const e = out[i]!;
    if (!e.path) continue;
    for (let j = 0; j < i; j++) {
      const r = out[j]!;
      if (r.kind === e.kind && r.path && r.path.abs === e.path.abs && r.path.text === e.path.text) return true;
    }
  }
  return false;
}

/** Names the engine models without program facts (builtins, wrappers, the read-only list …). */
const KNOWN = new Set<string>();
export function markKnown(names: Iterable<string>): void {
  for (const n of names) KNOWN.add(n);
}

/** Was this path (or a folder above it) written by a download earlier in the command? */
function fromDownload(ref: PathRef, sc: EffectScope): boolean {
  const d = sc.tracked?.downloads;
  if (ref.abs === null || !d || d.size === 0) return false;
  for (let p = ref.abs; p.length > 0; p = p.slice(0, p.lastIndexOf('/'))) if (d.has(p)) return true;
  return d.has('/');
}

/** Where code comes from, settled: stdin fed by a download, `-` and /dev/stdin, URLs, downloads. */
function settleOrigins(inv: Invocation, sc: EffectScope, out: Effect[]): void {
  let code = false;
  for (const e of out) if (e.kind === 'code') code = true;
  if (!code) return;
  const name = inv.name;
  // `sh -n` reads and checks the script but runs nothing.
  if (SHELLS.has(name) && inv.args.some((w) => w.static && /* -n or a bundle holding n */ noexec(w.value!))) {
    for (let i = out.length - 1; i >= 0; i--) if (out[i]!.kind === 'code') out.splice(i, 1);
    return;
  }
  let fed: boolean | undefined;
  for (const e of out) {
    if (e.kind !== 'code') continue;
    if (e.path && (e.origin === 'file' || e.origin === 'inline')) {
      const t = e.path.text;
      if (t === '-' || t === '/dev/stdin' || t === '/dev/fd/0' || t === '/proc/self/fd/0') e.origin = 'stdin';
      else if (t.includes('://')) e.origin = 'network';
      else if (fromDownload(e.path, sc)) e.origin = 'network';
    }
    if (e.origin === 'stdin' && (fed ??= stdinFromNetwork(inv, sc, out))) e.origin = 'network';
    // perl -ne 'system $_' fed by a download runs the download
    if (e.origin === 'inline' && inv.opaque?.runsInput && (fed ??= stdinFromNetwork(inv, sc, out))) e.origin = 'network';
    // xargs CMD {} with items from a download: the payload is the download.
    if (e.origin === 'inline' && inv.opaque?.reason === 'dynamic' && inv.via.some((v) => v.name.startsWith('xargs')) && (fed ??= stdinFromNetwork(inv, sc, out))) e.origin = 'network';
  }
}

/**
 * A program whose behaviour is unknown (not a known program, a script file, a name known only at
 * run time, code from a file) with a network connection as its stdio may run what the other end
 * sends: its code is code from the network (`nc -e ./x H P`, `ncat --lua-exec x.lua H P`).
 */
function connectionCode(inv: Invocation, out: Effect[], unknown: boolean): void {
  let code = false;
  for (const e of out) {
    if (e.kind !== 'code') continue;
    code = true;
    // (a known program run by its path, /bin/cat, runs as itself: its file is not the code at stake)
    if (e.how === 'runs a file' && !unknown) continue;
    if (e.origin === 'file' || e.origin === 'stdin' || (e.origin === 'inline' && e.text === undefined)) e.origin = 'network';
  }
  if (!code && unknown) out.push({ kind: 'code', how: `${inv.name || inv.program.approx} given a network connection as its stdio`, language: 'sh', origin: 'network', word: inv.program });
}

/** Run by a program that gives the commands it runs a network connection as stdio (`nc -e sh H P`). */
function connectionStdio(inv: Invocation): boolean {
  const parent = parentOf(inv);
  return parent !== undefined && parent.name !== '' && factsFor(parent).execStdio === 'network';
}

function noexec(v: string): boolean {
  if (v === '-n' || v === '--noexec') return true;
  return v.length > 2 && v[0] === '-' && v[1] !== '-' && v.includes('n') && !v.includes('c');
}

/** Does stdin hold what came from the network: a network stage before it in the pipe, a socket
 *  fd, or a file a download wrote (`sh < x`, `cat x | sh`, through any earlier stage)? */
function stdinFromNetwork(inv: Invocation, sc: EffectScope, out: readonly Effect[]): boolean {
  if (producerIsNetwork(inv, sc) || stdinFromNetFd(inv, sc)) return true;
  const d = sc.tracked?.downloads;
  if (!d || d.size === 0) return false;
  for (const r of inv.redirects) {
    if (r.fd !== null && r.fd !== 0) continue;
    if (r.op !== '<' && r.op !== '<>' && r.op !== '<&') continue;
    for (const e of out) if (e.kind === 'read' && e.path && e.path.word === r.target && fromDownload(e.path, sc)) return true;
  }
  const p = inv.source.pipe;
  const reads = p && p.index > 0 ? sc.tracked?.pipeReads?.get(p.id) : undefined;
  if (reads) for (const ref of reads) if (fromDownload(ref, sc)) return true;
  return false;
}

/** `sh <&5` after `exec 5<>/dev/tcp/…`. */
function stdinFromNetFd(inv: Invocation, sc: EffectScope): boolean {
  const fds = sc.tracked?.netFds;
  if (!fds || fds.size === 0) return false;
  for (const r of inv.redirects) {
    if ((r.op === '<&' || r.op === '<') && (r.fd === null || r.fd === 0) && r.target.static) {
      const n = Number(r.target.value);
      if (r.op === '<&' && Number.isInteger(n) && fds.has(n)) return true;
    }
  }
  return false;
}

const INSTALLERS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  npm: ['install', 'i', 'add', 'ci', 'update', 'exec', 'x'],
  pnpm: ['install', 'i', 'add', 'dlx', 'exec'],
  yarn: ['add', 'install', 'dlx'],
  bun: ['add', 'install', 'i', 'x'],
  pip: ['install', 'download'],
  pip3: ['install', 'download'],
  pipx: ['install', 'run', 'inject'],
  uv: ['pip', 'add', 'tool', 'run'],
  cargo: ['install'],
  gem: ['install'],
  go: ['install', 'run', 'get'],
}));
const RUNNERS = new Set(['npx', 'pnpx', 'bunx', 'uvx', 'deno']);

/** A package spec that names an arbitrary source: a URL, a git remote, a GitHub shorthand. */
function remoteSpec(v: string): boolean {
  if (v.includes('://')) return true;
  for (const p of ['git+', 'github:', 'gitlab:', 'bitbucket:', 'gist:', 'git@']) if (v.startsWith(p)) return true;
  const eq = v.indexOf('=');
  return eq > 0 && v.startsWith('--') && remoteSpec(v.slice(eq + 1));
}

/** Package managers and runners installing or running code from an arbitrary source. */
function remoteSources(inv: Invocation, sc: EffectScope, out: Effect[]): void {
  const name = inv.name;
  const subs = INSTALLERS.get(name);
  if (!subs && !RUNNERS.has(name) && !(name === 'python' || name === 'python3')) return;
  // deno run URL without --allow-* keeps the module in its sandbox (the spec says so: no code role left)
  if (name === 'deno') {
    const f = factsFor(inv);
    if (f.known && f.subcommand[0] === 'run' && !f.args.some((a) => a.role === 'code-file' || a.role === 'code')) return;
  }
  const args = inv.args;
  let start = 0;
  if (subs) {
    const k = args.findIndex((w) => w.static && !w.value!.startsWith('-'));
    if (k < 0 || !subs.includes(args[k]!.value!)) return;
    start = k + 1;
  } else if (name === 'python' || name === 'python3') {
    // python -m pip install …
    const m = args.findIndex((w) => w.static && w.value === '-m');
    if (m < 0 || !args[m + 1]?.static || args[m + 1]!.value !== 'pip') return;
    // the pip subcommand decides, as for pip itself (pip config set … URL installs nothing)
    const k = args.findIndex((w, i) => i > m + 1 && w.static && !w.value!.startsWith('-'));
    if (k < 0 || !INSTALLERS.get('pip')!.includes(args[k]!.value!)) return;
    start = m + 2;
  }
  // pip download of wheels only (no sdist can come in: --no-deps or --only-binary=:all:) runs no build code
  const download = (name.startsWith('pip') || name.startsWith('python')) && args.some((w) => w.static && w.value === 'download');
  const wheelsOnly = download && args.some((w) => w.static && (w.value === '--no-deps' || w.value === '--only-binary=:all:'));
  for (let i = start; i < args.length; i++) {
    const w = args[i]!;
    if (!w.static) continue;
    const v = w.value!;
    const next = args[i + 1];
    if (wheelsOnly && v.includes('://') && v.split('?')[0]!.endsWith('.whl')) continue;
    if (remoteSpec(v) || ((v === '--git' || v === '--from' || v === '--index-url' || v === '-i' || v === '--extra-index-url' || v === '-e' || v === '--editable') && next?.static && remoteSpec(next.value!))) {
      out.push({ kind: 'code', how: `${name} installs or runs code from ${remoteSpec(v) ? v : next!.value}`, language: name, origin: 'network', word: w });
      return;
    }
  }
  void sc;
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
  const flag = CODE_FILE_OPTS.get(name);
  if (!flag) return;
  if ((name === 'make' || name === 'gmake') && !inv.args.some((w) => w.static && (w.value!.startsWith('-f') || w.value!.startsWith('--file') || w.value!.startsWith('--makefile')))) {
    // make without -f runs the Makefile of its folder.
    for (const m of ['GNUmakefile', 'makefile', 'Makefile']) out.push({ kind: 'code', how: 'make', language: 'make', origin: 'file', path: pathRef(inv.program, sc, m) });
  }
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

/** Programs whose output comes from another machine. */
const REMOTE_OUTPUT = new Set(['ssh', 'scp', 'sftp', 'rsh', 'kubectl', 'docker', 'aws', 'gsutil', 's3cmd', 'rclone']);

export function producerIsNetwork(inv: Invocation, sc: EffectScope): boolean {
  const p = inv.source.pipe;
  if (!p || p.index === 0 || !sc.ex) return false;
  for (const c of sc.ex.commands) {
    if (!c.pipe || c.pipe.id !== p.id || c.pipe.index >= p.index) continue;
    const n = effectiveName(c);
    // networkOutput: a network program (through wrappers too), or a word substituting one
    if ((n === 'ssh' && c.argv.length > 2) || (REMOTE_OUTPUT.has(n) && n !== 'ssh') || networkOutput(c, sc.ex)) return true;
    for (const r of c.redirects) if (r.target.static && (r.target.value!.startsWith('/dev/tcp/') || r.target.value!.startsWith('/dev/udp/'))) return true;
  }
  return false;
}

/** A credential read by an earlier stage of this invocation's pipeline, or null. */
export function secretInPipe(inv: Invocation, sc: EffectScope): PathRef | null {
  const p = inv.source.pipe;
  const list = p && p.index > 0 ? sc.tracked?.pipeReads?.get(p.id) : undefined;
  if (!list) return null;
  for (const r of list) if (infoOf(r).classes.has('credential')) return r;
  return null;
}

/** Record downloads and secrets read into a pipe, for later invocations of the same decision. */
function track(inv: Invocation, sc: EffectScope, out: Effect[]): void {
  const tr = sc.tracked;
  if (!tr) return;
  if (inv.name === 'exec' && inv.args.length === 0) {
    for (const r of inv.redirects) if (r.fd !== null && r.fd >= 0 && r.target.static && (r.target.value!.startsWith('/dev/tcp/') || r.target.value!.startsWith('/dev/udp/'))) (tr.netFds ??= new Set()).add(r.fd);
  }
  const pipe = inv.source.pipe;
  // (what a download writes matters only where something is written; the rest is the pipe's reads)
  let writes = false;
  for (const e of out) if (e.kind === 'write') writes = true;
  if (!writes && !pipe) return;
  let net = NETWORK.has(inv.name);
  if (!net) for (const e of out) if (e.kind === 'network' && e.direction !== 'out') net = true;
  // what it writes holds what it read: stdin a download feeds, or a file downloaded earlier
  // (cp x y, cat x > y, base64 -d x > y, mv x y): the copy is a download too
  const fed = writes && !net && (stdinFromNetwork(inv, sc, out) || readsDownload(out, sc));
  // env, printenv TOKEN, export -p into a pipe: the environment (its secrets) flows on
  if (pipe && sc.facts?.printsEnv) pipeRead(tr, pipe.id, pathRef(inv.program, sc, '/proc/self/environ'));
  for (const e of out) {
    if (e.kind === 'write' && (net || fed) && e.path?.abs) (tr.downloads ??= new Set()).add(e.path.abs);
    if (pipe && e.kind === 'read' && e.path && !e.guess) pipeRead(tr, pipe.id, e.path);
  }
}

/** Does the invocation read (or move: mv's sources are deletes) a file a download wrote? */
function readsDownload(out: readonly Effect[], sc: EffectScope): boolean {
  if (!sc.tracked?.downloads) return false;
  for (const e of out) if ((e.kind === 'read' || e.kind === 'delete') && e.path && fromDownload(e.path, sc)) return true;
  return false;
}

function pipeRead(tr: NonNullable<EffectScope['tracked']>, id: number, path: PathRef): void {
  const reads = (tr.pipeReads ??= new Map());
  const list = reads.get(id);
  if (list) list.push(path);
  else reads.set(id, [path]);
}
