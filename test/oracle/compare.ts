// Compare what bash really executed (the oracle trace) with what the engine says it saw.
// 1. Coverage: every traced exec matches a simple command or an invocation the engine extracted.
// 2. Soundness: a read-only allow from the engine runs only read-only programs and changes nothing.
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Decision, Context, ToolCall } from '../../engine/types.ts';
import type { Extraction, Invocation, Issue, Word, ShellContext } from '../../engine/shell/types.ts';
import type { OracleExec, OracleResult } from './harness.ts';
import { CWD, HOME } from './harness.ts';

// ---- Loading the engine's public modules (they may still be in progress) ----

type AnalyzeFn = (source: string, ctx: ShellContext) => Extraction;
type NormalizeFn = (ex: Extraction, ctx: { home: string; cwd: string }) => { invocations: Invocation[]; issues: Issue[] };
interface EngineLike {
  decide(call: ToolCall, ctx: Context): Decision;
}

export interface EngineApi {
  analyze?: AnalyzeFn;
  normalize?: NormalizeFn;
  engine?: EngineLike;
  /** Why a part is missing, for it.skip notes. */
  missing: string[];
  /** Parts that exist but cannot be loaded or built (failures, not skips). */
  broken: string[];
}

type Loaded = { mod: Record<string, unknown> } | { missing: true } | { error: string };

async function importIfPresent(rel: string): Promise<Loaded> {
  const url = new URL(rel, import.meta.url);
  if (!fs.existsSync(fileURLToPath(url))) return { missing: true };
  try {
    return { mod: (await import(/* @vite-ignore */ url.href)) as Record<string, unknown> };
  } catch (e) {
    // Present but broken is a failure (reported by the suite), not a skip.
    return { error: (e as Error).message.split('\n')[0]! };
  }
}

function pick<T>(api: EngineApi, l: Loaded, file: string, name: string): T | undefined {
  if ('missing' in l) api.missing.push(`${file} (${name})`);
  else if ('error' in l) api.broken.push(`${file} does not load: ${l.error}`);
  else if (typeof l.mod[name] === 'function') return l.mod[name] as T;
  else api.broken.push(`${file} does not export ${name}`);
  return undefined;
}

/** Import the parser, the normaliser and the engine; whatever does not exist yet is listed. */
export async function loadEngineApi(): Promise<EngineApi> {
  const api: EngineApi = { missing: [], broken: [] };
  const shellFile = 'engine/shell/index.ts';
  api.analyze = pick<AnalyzeFn>(api, await importIfPresent(`../../${shellFile}`), shellFile, 'analyze');
  const normFile = 'engine/shell/normalize/index.ts';
  api.normalize = pick<NormalizeFn>(api, await importIfPresent(`../../${normFile}`), normFile, 'normalize');
  const indexFile = 'engine/index.ts';
  const index = await importIfPresent(`../../${indexFile}`);
  const Engine = pick<new (p: unknown) => EngineLike>(api, index, indexFile, 'PermissionEngine');
  const load = pick<(t: string, o: { skipExamples: boolean }) => unknown>(api, index, indexFile, 'loadPolicy');
  if (Engine && load) {
    const policyText = fs.readFileSync(new URL('../../policies/default.yaml', import.meta.url), 'utf8');
    try {
      // The policy's own examples are the engine tests' business; the oracle needs decisions.
      api.engine = new Engine(load(policyText, { skipExamples: true }));
    } catch (e) {
      api.broken.push(`policies/default.yaml does not load: ${(e as Error).message}`);
    }
  }
  return api;
}

export const CONTEXT: Context = { cwd: CWD, home: HOME, workspace: [CWD] };

// ---- The engine's view of one command ----

export interface EngineView {
  extraction?: Extraction;
  invocations?: Invocation[];
  normIssues?: Issue[];
  decision?: Decision;
  /** A throw from the engine is a failure of its own (fail closed means never throw). */
  errors: string[];
}

export function engineView(api: EngineApi, command: string): EngineView {
  const view: EngineView = { errors: [] };
  try {
    if (api.analyze) view.extraction = api.analyze(command, { home: HOME });
    if (api.normalize && view.extraction) {
      const n = api.normalize(view.extraction, { home: HOME, cwd: CWD });
      view.invocations = n.invocations;
      view.normIssues = n.issues;
    }
  } catch (e) {
    view.errors.push(`shell analysis threw: ${(e as Error).stack ?? e}`);
  }
  try {
    if (api.engine) view.decision = api.engine.decide({ tool: 'Bash', input: { command } }, { ...CONTEXT, mode: 'default' });
  } catch (e) {
    view.errors.push(`decide threw: ${(e as Error).stack ?? e}`);
  }
  return view;
}

// ---- Matching a traced exec against the engine's commands ----

interface Candidate {
  kind: 'simple' | 'invocation';
  name: string; // basename, '' when dynamic
  program: Word;
  args: Word[];
}

type Tok = { lit: string } | { any: true };

function baseName(p: string): string {
  const i = p.lastIndexOf('/');
  return i >= 0 ? p.slice(i + 1) : p;
}

function wordTokens(w: Word): Tok[] {
  if (w.braces && w.braces.length > 0) return w.braces.flatMap(wordTokens);
  if (w.static && w.value !== undefined) return [{ lit: w.value }];
  return [{ any: true }]; // dynamic or glob: bash may expand it to any number of words
}

/** Do the traced arguments fit the engine's words? Static words must be equal, dynamic ones
 *  stand for any run of words. */
function argsMatch(words: Word[], argv: string[]): boolean {
  const toks = words.flatMap(wordTokens);
  // dp[j]: toks[0..i) can produce argv[0..j)
  let dp = new Array<boolean>(argv.length + 1).fill(false);
  dp[0] = true;
  for (const t of toks) {
    const next = new Array<boolean>(argv.length + 1).fill(false);
    for (let j = 0; j <= argv.length; j++) {
      if ('any' in t) {
        next[j] = dp[j]! || (j > 0 && next[j - 1]!);
      } else if (j > 0 && dp[j - 1] && argv[j - 1] === t.lit) next[j] = true;
    }
    dp = next;
  }
  return dp[argv.length]!;
}

function candidates(view: EngineView): Candidate[] {
  const out: Candidate[] = [];
  for (const c of view.extraction?.commands ?? []) {
    const p = c.argv[0];
    if (!p) continue;
    out.push({ kind: 'simple', name: p.static && p.value !== undefined ? baseName(p.value) : '', program: p, args: c.argv.slice(1) });
  }
  for (const inv of view.invocations ?? []) out.push({ kind: 'invocation', name: inv.name, program: inv.program, args: inv.args });
  return out;
}

function matches(c: Candidate, e: OracleExec): boolean {
  if (c.name === '' || c.name !== baseName(e.path)) return false;
  const v = c.program.static ? c.program.value : undefined;
  if (v !== undefined && v.startsWith('/') && v !== e.path) return false;
  return argsMatch(c.args, e.argv);
}

/** Reasons the engine gave for not fully understanding the command (the fail-closed escape). */
export function notUnderstood(view: EngineView): string[] {
  const why: string[] = [];
  for (const i of view.extraction?.issues ?? []) why.push(`${i.kind}: ${i.message}`);
  for (const i of view.normIssues ?? []) why.push(`${i.kind}: ${i.message}`);
  for (const inv of view.invocations ?? []) {
    if (inv.name === '') why.push(`dynamic program ${inv.program.approx}`);
    if (inv.opaque) why.push(`opaque ${inv.opaque.carrier} (${inv.opaque.reason})`);
  }
  for (const c of view.extraction?.commands ?? []) {
    const p = c.argv[0];
    if (p && !p.static) why.push(`dynamic command word ${p.approx}`);
  }
  const r = view.decision?.reason.type;
  if (r === 'parse' || r === 'limit') why.push(`decision reason ${r}`);
  return [...new Set(why)];
}

export interface CoverageResult {
  problems: string[];
  /** Unmatched execs forgiven because the engine said it did not fully understand the command. */
  excused: string[];
}

/** Carrier programs the engine opened on the way to an invocation (`bash -c` inside `bash -c`):
 *  the engine lists their payload, not the carrier itself, so the carrier matches by name. */
function carrierNames(view: EngineView): Set<string> {
  const out = new Set<string>();
  for (const inv of view.invocations ?? []) {
    for (const v of inv.via) if (v.kind === 'carrier') out.add(baseName(v.name.trim().split(' ')[0] ?? ''));
  }
  return out;
}

export function checkCoverage(oracle: OracleResult, view: EngineView): CoverageResult {
  const problems: string[] = [...view.errors];
  const excused: string[] = [];
  const cands = candidates(view);
  const carriers = carrierNames(view);
  const escape = notUnderstood(view);
  const unmatched: string[] = [];
  for (const e of oracle.execs) {
    if (cands.some((c) => matches(c, e)) || carriers.has(baseName(e.path))) continue;
    unmatched.push(showExec(e));
  }
  for (const n of oracle.notFound) if (!cands.some((c) => c.name === n)) unmatched.push(`${n} (command not found)`);
  for (const u of unmatched) {
    if (escape.length > 0) excused.push(u);
    else problems.push(`traced exec not seen by the engine: ${u}`);
  }
  return { problems, excused };
}

// ---- Soundness: read-only allows really are read-only ----

const READ_ONLY = new Set(
  ('ls cat head tail wc grep egrep fgrep rg fd find stat file du df tree pwd echo printf which ' +
    'basename dirname realpath readlink cut sort uniq tr diff cmp comm jq sed date uname whoami id ' +
    'env printenv ps true false git test [ seq nl od md5sum sha1sum sha256sum sha512sum cksum expr ' +
    'hostname groups tac rev fold column paste join look strings less more sleep').split(' '),
);

const GIT_RO = new Set(
  ('status diff log show branch tag remote rev-parse ls-files blame grep stash config describe ' +
    'shortlog ls-tree cat-file show-ref rev-list merge-base name-rev reflog help version whatchanged').split(' '),
);

/** sed script without its /regex/ parts, so letters inside patterns are not read as commands. */
function sedCommands(script: string): string {
  let out = '';
  let inRe = false;
  for (let i = 0; i < script.length; i++) {
    const ch = script[i]!;
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '/') inRe = !inRe;
    else if (!inRe) out += ch;
  }
  return out;
}

function gitProblem(args: string[]): string | null {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) {
    // Global options: these run programs or page through one.
    if (/^(-c|--config-env|--exec-path|-p|--paginate)(=|$)/.test(args[i]!)) return `git ${args[i]}`;
    i += ['-C', '--git-dir', '--work-tree', '--namespace'].includes(args[i]!) ? 2 : 1;
  }
  const bad = args.slice(i).find((a) => /^(--output|--ext-diff|--textconv|--upload-pack|--receive-pack|--exec|--pre)(=|$)/.test(a));
  if (bad) return `git ${bad}`;
  const sub = args[i];
  if (sub === undefined) return null;
  const rest = args.slice(i + 1);
  const pos = rest.filter((a) => !a.startsWith('-'));
  if (!GIT_RO.has(sub)) return `git ${sub}`;
  const has = (...f: string[]) => rest.some((a) => f.some((x) => a === x || a.startsWith(`${x}=`)));
  if (sub === 'branch' && (has('-d', '-D', '-m', '-M', '-c', '-C', '--delete', '--move', '--copy', '-f', '--force', '-u', '--set-upstream-to', '--unset-upstream', '--edit-description') || (pos.length > 0 && !has('-l', '--list', '--contains', '--merged', '--no-merged', '--points-at'))))
    return 'git branch with a change';
  if (sub === 'tag' && (has('-d', '-a', '-s', '-m', '-f', '-u', '--delete', '--annotate', '--sign', '--force') || (pos.length > 0 && !has('-l', '--list'))))
    return 'git tag with a change';
  if (sub === 'remote' && pos.length > 0 && !['show', 'get-url'].includes(pos[0]!)) return `git remote ${pos[0]}`;
  if (sub === 'stash' && pos.length > 0 && !['list', 'show'].includes(pos[0]!)) return `git stash ${pos[0]}`;
  if (sub === 'reflog' && pos.length > 0 && pos[0] !== 'show') return `git reflog ${pos[0]}`;
  if (sub === 'config' && !has('--get', '--get-all', '--get-regexp', '--list', '-l')) return 'git config without --get/--list';
  return null;
}

/** Wrappers that only change how their command runs: value-taking options, and how many
 *  operands come before the command (timeout's duration). */
const WRAPPERS: Record<string, { values: string[]; operands: number; bad?: string[] }> = {
  timeout: { values: ['-k', '--kill-after', '-s', '--signal'], operands: 1 },
  nice: { values: ['-n', '--adjustment'], operands: 0 },
  stdbuf: { values: ['-i', '-o', '-e', '--input', '--output', '--error'], operands: 0 },
  env: { values: ['-u', '--unset', '-C', '--chdir'], operands: 0, bad: ['-S', '--split-string'] },
  xargs: { values: ['-n', '--max-args', '-L', '--max-lines', '-P', '--max-procs', '-d', '--delimiter', '-I', '-E', '-s', '--max-chars', '-a', '--arg-file'], operands: 0 },
  ionice: { values: ['-c', '--class', '-n', '--classdata'], operands: 0, bad: ['-p', '--pid', '-P', '--pgid', '-u', '--uid'] },
  nohup: { values: [], operands: 0 },
  setsid: { values: [], operands: 0 },
  time: { values: ['-f', '--format'], operands: 0, bad: ['-o', '--output'] },
};

/** The command a wrapper would run, or a reason it is not read-only. */
function unwrap(name: string, a: string[]): { inner: string[] } | { bad: string } {
  const w = WRAPPERS[name]!;
  let i = 0;
  while (i < a.length && a[i]!.startsWith('-') && a[i] !== '-') {
    const x = a[i]!;
    if (x === '--') {
      i++;
      break;
    }
    const key = x.startsWith('--') ? x.split('=')[0]! : x.slice(0, 2);
    if (w.bad?.includes(key)) return { bad: `${name} ${x}` };
    const attached = x.startsWith('--') ? x.includes('=') : x.length > 2;
    i += w.values.includes(key) && !attached ? 2 : 1;
  }
  if (name === 'env') while (i < a.length && a[i]!.includes('=')) i++;
  i += w.operands;
  const inner = a.slice(i);
  if (inner.length === 0) return { inner: name === 'xargs' ? ['echo'] : [] };
  return { inner };
}

/** Why this traced exec is not a read-only program with read-only flags (null when it is). */
export function notReadOnly(e: OracleExec): string | null {
  const name = baseName(e.path);
  const a = e.argv;
  if (name in WRAPPERS) {
    const u = unwrap(name, a);
    if ('bad' in u) return u.bad;
    if (u.inner.length === 0) return name === 'env' ? null : `${name} without a command`;
    // The stub did not run the inner command, so judge its argv here (a shell would hide its payload).
    if (SHELLS.has(baseName(u.inner[0]!))) return `${name} runs a shell the oracle cannot follow`;
    return notReadOnly({ path: u.inner[0]!, argv: u.inner.slice(1) });
  }
  if (!READ_ONLY.has(name)) return `${name} is not a read-only program`;
  const flag = (re: RegExp) => a.find((x) => re.test(x));
  let bad: string | undefined;
  switch (name) {
    case 'find':
      bad = flag(/^-(exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls)$/);
      break;
    case 'sort':
      bad = flag(/^(-[bdfgiMhnRrVcCmsuz]*o|--o|--compress)/);
      break;
    case 'uniq':
      if (a.filter((x) => !x.startsWith('-')).length >= 2) bad = 'an output file';
      break;
    case 'sed': {
      bad = flag(/^(-[a-zA-Z]*i|--in|-s$|--sep)/);
      if (!bad && !a.some((x) => x === '-n' || x === '--quiet' || x === '--silent' || /^-[a-zA-Z]*n/.test(x))) bad = 'no -n';
      const script = a.find((x) => !x.startsWith('-'));
      if (!bad && script !== undefined && /[wWe]/.test(sedCommands(script))) bad = `script ${script}`;
      break;
    }
    case 'git':
      bad = gitProblem(a) ?? undefined;
      break;
    case 'rg':
      bad = flag(/^--pre(=|$)/);
      break;
    case 'fd':
      bad = flag(/^(-x|-X|--exec|--exec-batch)(=|$)/);
      break;
    case 'date':
      bad = flag(/^(-s|--set)/);
      break;
    case 'tree':
      bad = flag(/^-o$/);
      break;
    case 'hostname':
      if (a.some((x) => !x.startsWith('-'))) bad = 'sets the hostname';
      break;
    case 'less':
    case 'more':
      bad = 'can run commands (!)';
      break;
  }
  return bad === undefined ? null : `${name}: ${bad}`;
}

/** Shells whose stubs hand over to the hidden bash: their payload's execs are traced too. */
const SHELLS = new Set(['bash', 'sh', 'dash']);

export interface SoundnessOptions {
  /** The oracle followed bash/sh into their payload (harness default): judge the payload, not the shell. */
  shellsFollowed?: boolean;
  /** The engine's decision for one exec on its own (to excuse programs an allow rule covers). */
  decideAlone?: (argv: string[]) => Decision | undefined;
}

export function checkSoundness(oracle: OracleResult, view: EngineView, opts: SoundnessOptions = {}): string[] {
  const d = view.decision;
  if (!d || d.behavior !== 'allow' || d.reason.type === 'rule') return [];
  const problems: string[] = [];
  for (const e of oracle.execs) {
    if ((opts.shellsFollowed ?? true) && SHELLS.has(baseName(e.path))) continue;
    const why = notReadOnly(e);
    if (!why) continue;
    const alone = opts.decideAlone?.([baseName(e.path), ...e.argv]);
    if (alone && alone.behavior === 'allow' && alone.reason.type === 'rule') continue;
    problems.push(`allowed, but ran ${showExec(e)}: ${why}`);
  }
  if (oracle.changed.length > 0) problems.push(`allowed, but the file tree changed: ${oracle.changed.join(', ')}`);
  return problems;
}

// ---- Reporting ----

/** Quote a word for display (and for re-deciding one exec on its own). */
export function shellQuote(s: string): string {
  if (s !== '' && /^[A-Za-z0-9_./=:,+@%^-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function showExec(e: OracleExec): string {
  return [e.path, ...e.argv].map(shellQuote).join(' ');
}

function showWord(w: Word): string {
  return w.static && w.value !== undefined ? shellQuote(w.value) : `<${w.kinds.join('+') || 'dynamic'}:${w.approx}>`;
}

/** The command, bash's trace and the engine's view, side by side, for a failure message. */
export function sideBySide(command: string, oracle: OracleResult, view: EngineView, problems: string[]): string {
  const L: string[] = [];
  L.push(`command: ${JSON.stringify(command)}`);
  L.push('problems:', ...problems.map((p) => `  - ${p}`));
  L.push('bash trace (oracle):');
  for (const e of oracle.execs) L.push(`  exec ${showExec(e)}`);
  for (const n of oracle.notFound) L.push(`  not found: ${n}`);
  if (oracle.execs.length === 0 && oracle.notFound.length === 0) L.push('  (no exec)');
  L.push(`  changed: ${oracle.changed.length ? oracle.changed.join(', ') : '(nothing)'}`);
  L.push(`  exit ${oracle.exitCode}${oracle.timedOut ? ' (timed out)' : ''}`);
  if (oracle.stderr.trim()) L.push(`  stderr: ${oracle.stderr.trim().split('\n').slice(0, 5).join(' | ')}`);
  L.push('engine view:');
  const d = view.decision;
  if (d) L.push(`  decision: ${d.behavior} (reason ${d.reason.type}${d.reason.detector ? ` ${d.reason.detector}` : ''}${d.reason.rule ? ` ${d.reason.rule}` : ''}) ${d.message}`);
  for (const c of view.extraction?.commands ?? []) L.push(`  simple: ${c.argv.map(showWord).join(' ') || '(assignments only)'}`);
  for (const i of view.invocations ?? []) {
    const via = i.via.length ? ` via ${i.via.map((v) => v.name).join(' > ')}` : '';
    const op = i.opaque ? ` [opaque ${i.opaque.carrier}: ${i.opaque.reason}]` : '';
    L.push(`  invocation: ${[i.program, ...i.args].map(showWord).join(' ')}${via}${op}`);
  }
  for (const i of [...(view.extraction?.issues ?? []), ...(view.normIssues ?? [])]) L.push(`  issue: ${i.kind} ${i.message}`);
  for (const e of view.errors) L.push(`  error: ${e.split('\n')[0]}`);
  return L.join('\n');
}
