// Compare what bash really executed (the oracle trace) with what the engine says it saw.
// 1. Coverage: every traced exec matches a simple command or an invocation the engine extracted.
// 2. Soundness: a read-only allow from the engine runs only read-only programs and changes nothing.
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Decision, Context, ToolCall } from '../../engine/types.ts';
import type { Extraction, Invocation, Issue, Word, ShellContext } from '../../engine/shell/types.ts';
import type { OracleExec, OracleResult } from '../../lab/oracle/harness.ts';
import { CWD, HOME } from '../../lab/oracle/harness.ts';
import { SHELLS, notReadOnly, shellQuote, showExec } from '../../lab/oracle/readonly.ts';

export { notReadOnly, shellQuote, showExec };

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
  /** The decision in plan mode, when the default one is allow: plan allows only what the engine
   *  holds read-only, so a plan deny says the allow was granted by a rule, not claimed read-only. */
  planDecision?: Decision;
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
    if (api.engine && view.decision?.behavior === 'allow')
      view.planDecision = api.engine.decide({ tool: 'Bash', input: { command } }, { ...CONTEXT, mode: 'plan' });
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

// ---- Soundness: read-only allows really are read-only (the list is lab/oracle/readonly.ts) ----

export interface SoundnessOptions {
  /** The oracle followed bash/sh into their payload (harness default): judge the payload, not the shell. */
  shellsFollowed?: boolean;
  /** The engine's decision for one exec on its own, in a mode (default unless told), to excuse
   *  programs an allow rule covers. */
  decideAlone?: (argv: string[], mode?: 'default' | 'plan') => Decision | undefined;
}

/** Did the engine allow this without claiming it read-only? A rule reason, or an allow that plan
 *  mode (which allows only read-only actions) does not repeat: `npx vitest run` is granted by the
 *  rule `Bash(npx vitest *)` but reported as "every command is allowed". */
export function grantedByRule(d: Decision | undefined, plan: () => Decision | undefined): boolean {
  if (!d || d.behavior !== 'allow') return false;
  if (d.reason.type === 'rule') return true;
  const p = plan();
  return p !== undefined && p.behavior !== 'allow';
}

export function checkSoundness(oracle: OracleResult, view: EngineView, opts: SoundnessOptions = {}): string[] {
  const d = view.decision;
  if (!d || d.behavior !== 'allow' || grantedByRule(d, () => view.planDecision)) return [];
  const problems: string[] = [];
  for (const e of oracle.execs) {
    if ((opts.shellsFollowed ?? true) && SHELLS.has(baseName(e.path))) continue;
    const why = notReadOnly(e);
    if (!why) continue;
    const argv = [baseName(e.path), ...e.argv];
    if (opts.decideAlone && grantedByRule(opts.decideAlone(argv), () => opts.decideAlone!(argv, 'plan'))) continue;
    problems.push(`allowed, but ran ${showExec(e)}: ${why}`);
  }
  if (oracle.changed.length > 0) problems.push(`allowed, but the file tree changed: ${oracle.changed.join(', ')}`);
  return problems;
}

// ---- Reporting ----

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
