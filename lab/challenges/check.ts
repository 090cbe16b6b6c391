// Checks (`checks/cN.yaml`): schema (zod), loading with file:line errors, and expectations.
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseDocument, LineCounter, isMap, isSeq, isScalar, isPair, type Node as YamlNode } from 'yaml';
import { MODE_NAMES, modeRow, type ModeName } from '../../engine/index.ts';
import { expectedFor } from '../corpus/expect.ts';
import { loadCorpus, caseCommand } from '../corpus/schema.ts';

const behavior = z.enum(['allow', 'deny', 'ask']);
const profile = z.enum(['strict', 'cc-2.1.126']);
export type ProfileName = z.infer<typeof profile>;
const modeName = z.enum([...(MODE_NAMES as [ModeName, ...ModeName[]]), 'policy']);

/** `allow`, `deny silenced`, `ask immune`: a final decision written out in full. */
const DECISION = /^(allow|deny|ask)( silenced)?( immune)?$/;
const decisionText = z.string().regex(DECISION, 'a decision is "allow|deny|ask", optionally followed by " silenced" and/or " immune"');

/** How a call through the ARTEX guard ends: it runs, or a layer blocks it (with the gate's codes). */
export const GATE_OUTCOMES = [
  'run',
  'blocked rule_deny', // a deny rule, before any target request exists
  'blocked ask_refused', // a rule's ask that no target request carried; nobody approved it
  'blocked work_cancelled',
  'blocked target_approval_pending',
  'blocked target_denied',
  'blocked target_resolve_failed',
  'blocked target_rule_blocked',
  'blocked target_too_many',
  'blocked target_gate_unavailable',
] as const;

const pinSchema = z
  .object({ host: z.string().min(1), port: z.number().int().min(1).max(65535).nullable().default(null), addresses: z.array(z.string()).default([]) })
  .strict();

/** One gate scenario: the pins the gate starts with, who answers approval requests, and more. */
const gateCaseSchema = z
  .object({
    pins: z.array(pinSchema).default([]),
    /** scope: the operator approves a request only when every target is in the policy's scope;
     *  none: no approver is connected; broken: the approval service throws. */
    approver: z.enum(['scope', 'none', 'broken']).default('scope'),
    /** The work was cancelled before the call ran. */
    cancelled: z.boolean().default(false),
    maxNewTargets: z.number().int().min(1).optional(),
  })
  .strict();

const caseSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id must be kebab-case'),
    tool: z.string().min(1).default('Bash'),
    command: z.string().optional(),
    input: z.record(z.string(), z.unknown()).optional(),
    effect: z.string().min(1),
    /** The default-mode decision (derived for other modes from the mode table), or one per run. */
    expect: z.union([behavior, z.record(z.string(), decisionText), z.string().regex(/^[a-z]+$/), z.enum(GATE_OUTCOMES)]),
    /** Immune under every profile (true) or only under the listed ones. */
    immune: z.union([z.boolean(), z.array(profile)]).default(false),
    allowedBy: z.enum(['readOnly', 'rule']).optional(),
    workspaceEdit: z.boolean().default(false),
    /** Detector ids that must fire. */
    detectors: z.array(z.string()).default([]),
    /** screen checks: a recorded tool result (its output and provenance hints). */
    output: z.unknown().optional(),
    meta: z.object({ sharedFromOtherScope: z.boolean().optional(), otherMembers: z.boolean().optional(), label: z.string().optional() }).strict().optional(),
    /** Repeat the output: unit × times (with the output, if any, in the middle). */
    pad: z.object({ unit: z.string().min(1), times: z.number().int().min(1).max(100_000) }).strict().optional(),
    /** messages checks: a block reason (optionally repeated), its guidance, or an audit line. */
    reason: z.string().optional(),
    guidance: z.string().optional(),
    audit: z.string().optional(),
    /** messages checks: texts that must not survive redaction, and texts that must. */
    secrets: z.array(z.string()).default([]),
    keep: z.array(z.string()).default([]),
    /** lattice checks: the verdicts one call collected (rules, detectors, safety checks, mode). */
    verdicts: z.array(z.enum(['deny', 'immune', 'ask', 'passthrough', 'allow'])).optional(),
    /** A one-line nudge shown when this case differs. */
    nudge: z.string().optional(),
    /**
     * What the case probes: `concept` (the idea itself); `look-alike` (it resembles what must be
     * allowed or blocked but needs another answer: over-broad answers fail it); `variant` (another
     * spelling or route to the same thing, same answer: string-matching answers fail it).
     */
    probes: z.enum(['concept', 'look-alike', 'variant']).optional(),
    /** targets checks: run the call through the ARTEX guard (rules, then the target gate). */
    gate: gateCaseSchema.optional(),
    /** client checks: the engine's decision the learner maps to the hook's answer. */
    decision: z
      .object({ behavior, immune: z.boolean().default(false), mode: z.enum(MODE_NAMES as [ModeName, ...ModeName[]]), message: z.string().min(1) })
      .strict()
      .optional(),
    /** targets checks: how many approval requests the gate sends (with `gate`; default 0). */
    requests: z.number().int().min(0).max(10).optional(),
  })
  .strict();

const countsSchema = z.record(z.string(), z.number().int().min(0));

/** What each kind of check counts per run, and the labels a case may expect. */
export const KIND_COUNTS = {
  policy: ['allow', 'deny', 'ask', 'silenced', 'immune'],
  detector: ['allow', 'deny', 'ask', 'silenced', 'immune'],
  screen: ['quarantine', 'warn', 'pass', 'skipped'],
  messages: ['full', 'truncated', 'redacted', 'bad'],
  arith: ['safe', 'code', 'bad'],
  lattice: ['deny', 'immune', 'ask', 'passthrough', 'allow', 'bad'],
  paths: ['reach', 'clear', 'bad'],
  programs: ['allow', 'deny', 'ask', 'silenced', 'immune'],
  client: ['allow', 'deny', 'ask', 'guided', 'bad'],
  targets: ['allow', 'deny', 'ask', 'run', 'blocked'],
  redteam: [],
} as const satisfies Record<string, readonly string[]>;
const LABELS: Record<string, readonly string[]> = { screen: KIND_COUNTS.screen, messages: ['full', 'truncated', 'redacted'], arith: ['safe', 'code'], lattice: ['deny', 'immune', 'ask', 'passthrough', 'allow'], paths: ['reach', 'clear'], client: ['allow', 'deny', 'ask', 'guided'] };

/** The label of a gate outcome: `blocked target_denied (1 request)`. */
export function gateLabel(outcome: string, requests: number): string {
  return `${outcome} (${requests} request${requests === 1 ? '' : 's'})`;
}

export const checkSchema = z
  .object({
    id: z.string().regex(/^c\d{1,2}$/, 'id is c<number>'),
    title: z.string().min(1),
    /** policy: the learner writes policy.yaml; detector: detector.ts; redteam: c14's candidate. */
    kind: z.enum(['policy', 'detector', 'redteam', 'screen', 'messages', 'targets', 'arith', 'lattice', 'paths', 'programs', 'client']),
    /** The learner's file, relative to lab/exercises/<id>/. */
    learner: z.string().min(1),
    /** `learner` (the learner's policy.yaml) or a fixed policy path relative to the repo root. */
    policy: z.string().min(1).default('policies/default.yaml'),
    /** Engine checks: the modes to run (`policy`: the policy's own mode). Other kinds run once. */
    modes: z.array(modeName).min(1).default(['default']),
    profiles: z.array(profile).min(1).optional(),
    /** A fake file system the engine sees through its fs port (absolute paths). */
    fs: z
      .object({
        files: z.record(z.string(), z.string()).default({}),
        dirs: z.array(z.string()).default([]),
        symlinks: z.record(z.string(), z.string()).default({}),
      })
      .strict()
      .optional(),
    /** targets checks: the fake resolver's table (host → addresses, or `moving`: a new address on
     *  every lookup; a host not listed fails to resolve) and the operator's blocked hosts/CIDRs. */
    targetGate: z
      .object({
        dns: z.record(z.string(), z.union([z.array(z.string()).min(1), z.literal('moving')])).default({}),
        blocked: z.array(z.string()).default([]),
      })
      .strict()
      .optional(),
    counts: z.record(z.string(), countsSchema),
    cases: z.array(caseSchema).default([]),
    /** Corpus case ids, judged under this check's policy (only where it agrees with theirs). */
    corpus: z.array(z.string()).default([]),
    nudge: z.string().min(1),
  })
  .strict();

export type CheckCase = z.infer<typeof caseSchema>;
export type CheckData = z.infer<typeof checkSchema>;

export interface Run {
  key: string;
  /** undefined: the call names no mode, so the policy's own `mode:` applies. */
  mode?: ModeName;
  profile?: ProfileName;
}

export interface Expectation {
  /** allow | deny | ask for engine checks; the label (quarantine, truncated …) for the others. */
  behavior: string;
  silenced: boolean;
  immune: boolean;
}

export interface LoadedCheck extends CheckData {
  file: string;
  runs: Run[];
  /** expected[caseIndex][runKey] */
  expected: Record<string, Expectation>[];
}

export class CheckError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly field: string,
    message: string,
  ) {
    super(`${file}:${line}:${column}: ${field ? field + ': ' : ''}${message}`);
  }
}

export function isEngineKind(kind: CheckData['kind']): boolean {
  return kind === 'policy' || kind === 'detector' || kind === 'programs';
}

/** Kinds whose cases are tool calls (a `command` or an `input`) decided by the engine. */
export function hasCalls(kind: CheckData['kind']): boolean {
  return isEngineKind(kind) || kind === 'targets';
}

export function runsOf(data: Pick<CheckData, 'modes' | 'profiles' | 'kind'>): Run[] {
  // targets checks decide in default mode, once (the rules), then run the guard.
  if (data.kind === 'targets') return [{ key: 'default', mode: 'default' }];
  if (!isEngineKind(data.kind)) return [{ key: data.kind }];
  const runs: Run[] = [];
  for (const m of data.modes) {
    const mode = m === 'policy' ? undefined : m;
    if (!data.profiles) runs.push({ key: m, mode });
    else for (const p of data.profiles) runs.push({ key: data.profiles.length > 1 ? `${m}@${p}` : m, mode, profile: p });
  }
  return runs;
}

export function parseDecision(text: string): Expectation {
  const m = DECISION.exec(text)!;
  return { behavior: m[1] as Expectation['behavior'], silenced: !!m[2], immune: !!m[3] };
}

export function formatDecision(e: Expectation): string {
  return `${e.behavior}${e.silenced ? ' silenced' : ''}${e.immune ? ' immune' : ''}`;
}

/** What a case must decide in one run (null when the check does not say). */
export function expectationFor(c: CheckCase, run: Run, kind: CheckData['kind'] = 'policy'): Expectation | null {
  if (kind === 'targets') {
    if (typeof c.expect !== 'string') return null;
    const ok = c.gate ? (GATE_OUTCOMES as readonly string[]).includes(c.expect) : ['allow', 'deny', 'ask'].includes(c.expect);
    if (!ok) return null;
    return { behavior: c.gate ? gateLabel(c.expect, c.requests ?? 0) : c.expect, silenced: false, immune: false };
  }
  if (LABELS[kind]) return typeof c.expect === 'string' && LABELS[kind]!.includes(c.expect) ? { behavior: c.expect, silenced: false, immune: false } : null;
  if (typeof c.expect !== 'string') {
    const t = c.expect[run.key] ?? (run.mode ? c.expect[run.mode] : undefined) ?? (run.mode ? undefined : c.expect.policy);
    return t ? parseDecision(t) : null;
  }
  if (!run.mode || !['allow', 'deny', 'ask'].includes(c.expect)) return null;
  const row = modeRow(run.mode);
  if (!row) return null;
  const prof = run.profile ?? 'strict';
  const immune = c.immune === true || (Array.isArray(c.immune) && c.immune.includes(prof));
  const e = expectedFor(
    { expect: c.expect as 'allow' | 'deny' | 'ask', immune: c.expect === 'ask' && immune, allowedBy: c.allowedBy, workspaceEdit: c.workspaceEdit } as Parameters<typeof expectedFor>[0],
    row,
  );
  return { behavior: e.behavior, silenced: !!e.silenced, immune: !!e.immune };
}

export type Counts = Record<string, number>;

export function countsFor(expected: Expectation[], keys: readonly string[] = KIND_COUNTS.policy): Counts {
  const n: Counts = Object.fromEntries(keys.map((k) => [k, 0]));
  for (const e of expected) {
    // A label's first word is its column: `blocked target_denied (1 request)` counts as blocked.
    const k = e.behavior.split(' ')[0]!;
    if (k in n) n[k]!++;
    if (e.silenced && 'silenced' in n) n.silenced!++;
    if (e.immune && 'immune' in n) n.immune!++;
  }
  return n;
}

function yamlPos(doc: ReturnType<typeof parseDocument>, lc: LineCounter, path: PropertyKey[]): { line: number; col: number } {
  let node: YamlNode | null = doc.contents as YamlNode | null;
  let at = node?.range?.[0] ?? 0;
  for (const seg of path) {
    if (node && isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      node = (pair.value as YamlNode | null) ?? (pair.key as YamlNode);
    } else if (node && isSeq(node) && typeof seg === 'number' && node.items[seg]) node = node.items[seg] as YamlNode;
    else break;
    at = node?.range?.[0] ?? at;
  }
  return lc.linePos(at);
}

let corpusCache: Map<string, CheckCase> | undefined;
function corpusCases(root: string): Map<string, CheckCase> {
  if (corpusCache) return corpusCache;
  corpusCache = new Map();
  const { cases } = loadCorpus(join(root, 'corpus'));
  for (const lc of cases) {
    const k = lc.case;
    const command = caseCommand(k);
    corpusCache.set(k.id, {
      id: k.id,
      tool: k.tool,
      ...(k.tool === 'Bash' && command !== undefined ? { command } : { input: k.input ?? {} }),
      effect: k.effect,
      expect: k.expect,
      immune: k.immune,
      allowedBy: k.allowedBy,
      workspaceEdit: k.workspaceEdit,
      detectors: k.detectors,
      secrets: [],
      keep: [],
    });
  }
  return corpusCache;
}

/** Parse and validate check YAML; throws CheckError (file:line:column). */
export function parseCheck(text: string, file: string, root: string): LoadedCheck {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false });
  if (doc.errors.length) {
    const p = lc.linePos(doc.errors[0]!.pos[0]);
    throw new CheckError(file, p.line, p.col, '', doc.errors[0]!.message.split('\n')[0]!);
  }
  const fail = (path: PropertyKey[], msg: string): never => {
    const p = yamlPos(doc, lc, path);
    throw new CheckError(file, p.line, p.col, path.map(String).join('.'), msg);
  };
  const parsed = checkSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const keys = issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys : [];
    fail(keys.length ? [...issue.path, keys[0]!] : issue.path, keys.length ? `unknown field "${keys[0]}"` : issue.message);
  }
  const data = parsed.data!;
  const cases = [...data.cases];
  const seen = new Set(cases.map((c) => c.id));
  if (seen.size !== cases.length) fail(['cases'], 'case ids must be unique');
  data.corpus.forEach((id, i) => {
    const k = corpusCases(root).get(id);
    if (!k) fail(['corpus', i], `no corpus case "${id}"`);
    if (seen.has(id)) fail(['corpus', i], `"${id}" is listed twice`);
    seen.add(id);
    cases.push(k!);
  });
  if (data.kind !== 'redteam' && cases.length === 0) fail(['cases'], 'a check needs cases');
  if (hasCalls(data.kind)) {
    data.cases.forEach((c, i) => {
      if ((c.command !== undefined) === (c.input !== undefined)) fail(['cases', i, 'command'], 'give exactly one of `command` or `input`');
    });
  }
  data.cases.forEach((c, i) => {
    if ((c.gate || c.requests !== undefined) && data.kind !== 'targets') fail(['cases', i, c.gate ? 'gate' : 'requests'], 'only targets checks run the target gate');
    if ((c.decision !== undefined) !== (data.kind === 'client')) fail(['cases', i, 'decision'], data.kind === 'client' ? 'a client case gives the `decision` to map' : 'only client checks give a `decision`');
    if (c.requests !== undefined && !c.gate) fail(['cases', i, 'requests'], '`requests` needs a `gate`');
  });
  if (data.kind === 'targets' && !data.targetGate && data.cases.some((c) => c.gate)) fail(['targetGate'], 'gate cases need a `targetGate` (dns, blocked)');
  const runs = runsOf(data);
  const expected: Record<string, Expectation>[] = cases.map((c, i) => {
    const out: Record<string, Expectation> = {};
    for (const r of runs) {
      const e = expectationFor(c, r, data.kind);
      if (!e && data.kind === 'targets' && i < data.cases.length)
        fail(['cases', i, 'expect'], c.gate ? `a gate case expects one of: ${GATE_OUTCOMES.join(', ')}` : 'a case without `gate` expects allow, deny or ask');
      if (!e) fail(i < data.cases.length ? ['cases', i, 'expect'] : ['corpus'], `case "${c.id}" has no expectation for run "${r.key}"`);
      out[r.key] = e!;
    }
    return out;
  });
  if (data.kind !== 'redteam') {
    for (const r of runs) {
      const want = data.counts[r.key];
      if (!want) fail(['counts'], `no counts for run "${r.key}"`);
      const keys = KIND_COUNTS[data.kind];
      const got = countsFor(expected.map((e) => e[r.key]!), keys);
      for (const k of Object.keys(want!)) if (!keys.includes(k as never)) fail(['counts', r.key, k], `unknown count "${k}" (counts: ${keys.join(', ')})`);
      for (const k of keys) {
        if (got[k] !== want![k]) fail(['counts', r.key, k], `says ${want![k] ?? 'nothing'}, but the cases add up to ${got[k]}`);
      }
    }
    for (const k of Object.keys(data.counts)) if (!runs.some((r) => r.key === k)) fail(['counts', k], `"${k}" is not a run of this check (${runs.map((r) => r.key).join(', ')})`);
  }
  return { ...data, cases, file, runs, expected };
}

export function checksDir(root: string): string {
  return join(root, 'checks');
}

/** All challenge ids with a check file, in curriculum order. */
export function challengeIds(root: string): string[] {
  const dir = checksDir(root);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => /^(c\d{1,2})\.yaml$/.exec(f)?.[1])
    .filter((x): x is string => !!x)
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}

export function loadCheck(id: string, root: string): LoadedCheck {
  const file = join(checksDir(root), `${id}.yaml`);
  if (!existsSync(file)) throw new CheckError(file, 1, 1, '', `no check named ${id}`);
  return parseCheck(readFileSync(file, 'utf8'), file, root);
}

/** c14's vector does not depend on the command found: any confirmed find earns the code
 *  (confirmed by bash under the oracle; without bubblewrap, by the naive gate and the engine). */
export const REDTEAM_VECTOR: readonly string[] = ['candidate naive allow', 'candidate reference not-allow', 'candidate bash-effect confirmed'];

/** The canonical decision vector a check expects (one line per case and run). */
export function expectedVector(check: LoadedCheck): string[] {
  if (check.kind === 'redteam') return [...REDTEAM_VECTOR];
  const out: string[] = [];
  check.cases.forEach((c, i) => {
    for (const r of check.runs) out.push(vectorEntry(c, r.key, check.expected[i]![r.key]!));
  });
  return out;
}

export function vectorEntry(c: CheckCase, runKey: string, e: Expectation, firedAsserted: string[] = c.detectors): string {
  const dets = [...firedAsserted].sort().join(',');
  return `${c.id} ${runKey} ${formatDecision(e)}${dets ? ' +' + dets : ''}`;
}
