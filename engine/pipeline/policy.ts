// Policies: YAML validated with zod. Errors name file:line:column and the field.
import { z } from 'zod';
import { LineCounter, parseDocument, isNode, isMap, isScalar } from 'yaml';
import { parseRule, RuleError, LAYERS, type LayerName, type Rule, type RuleBehavior } from './rules/parse.ts';
import { MODE_NAMES, PRESETS, type PresetName } from './modes.ts';
import type { ModeName } from '../types.ts';
import type { JudgeSpec } from '../judge/types.ts';
import type { Pin } from '../targets/gate.ts';
import { parseEndpoint } from '../targets/extract.ts';

const ruleEntry = z.union([
  z.string(),
  z
    .object({
      rule: z.string(),
      note: z.string().optional(),
      examples: z
        .object({
          match: z.array(z.string()).default([]),
          not_match: z.array(z.string()).default([]),
        })
        .strict()
        .optional(),
    })
    .strict(),
]);

const ruleLists = {
  allow: z.array(ruleEntry).default([]),
  ask: z.array(ruleEntry).default([]),
  deny: z.array(ruleEntry).default([]),
};

const layerSchema = z.object(ruleLists).strict();

const deadline = z.number().int().positive().max(600_000).optional();
/** The judge a safety preset consults: reference (default), fixture (recorded replies) or an external command. */
const judgeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reference'), deadline_ms: deadline }).strict(),
  z.object({ kind: z.literal('fixture'), records: z.array(z.object({ match: z.string().optional(), replies: z.array(z.unknown()) }).strict()), deadline_ms: deadline }).strict(),
  z.object({ kind: z.literal('command'), command: z.union([z.string().min(1), z.array(z.string()).min(1)]), deadline_ms: deadline }).strict(),
]);

/** The target gate (ARTEX): every host a call reaches needs a pin, else an approval (an ask). */
const targetsSchema = z
  .object({
    pins: z.array(z.union([z.string().min(1), z.object({ host: z.string().min(1), port: z.number().int().min(1).max(65535).nullable().optional(), addresses: z.array(z.string()).default([]) }).strict()])).default([]),
    blocked: z.array(z.string()).default([]),
    max_new: z.number().int().positive().optional(),
    /** What an unpinned target gets: an approval request (ask) or a deny. */
    unpinned: z.enum(['ask', 'deny']).default('ask'),
  })
  .strict();

export const policySchema = z
  .object({
    version: z.literal(1).default(1),
    name: z.string().optional(),
    description: z.string().optional(),
    mode: z.enum(MODE_NAMES as [ModeName, ...ModeName[]]).default('default'),
    preset: z.enum(Object.keys(PRESETS) as [PresetName, ...PresetName[]]).optional(),
    immune: z.enum(['strict', 'cc-2.1.126']).default('strict'),
    additionalDirectories: z.array(z.string()).default([]),
    git: z.object({ trustRepoConfig: z.boolean().default(true) }).strict().default({ trustRepoConfig: true }),
    detectors: z.object({ disable: z.array(z.string()).default([]) }).strict().default({ disable: [] }),
    env: z.object({ deny: z.array(z.string()).default([]) }).strict().default({ deny: [] }),
    /** Authorized target domains (Strix scope); each covers its subdomains. */
    scope: z.array(z.string()).default([]),
    judge: judgeSchema.optional(),
    targets: targetsSchema.optional(),
    ...ruleLists,
    layers: z
      .object(Object.fromEntries(LAYERS.map((l) => [l, layerSchema.optional()])) as Record<LayerName, z.ZodOptional<typeof layerSchema>>)
      .strict()
      .optional(),
  })
  .strict();

export type PolicyData = z.infer<typeof policySchema>;
export type ImmuneProfile = PolicyData['immune'];

export interface RuleExample {
  rule: Rule;
  match: string[];
  notMatch: string[];
}

export interface Policy {
  name: string;
  /** Folder of the policy file: the root of `/path` rule anchors. */
  dir: string;
  mode: ModeName;
  preset?: PresetName;
  immune: ImmuneProfile;
  additionalDirectories: string[];
  trustRepoConfig: boolean;
  disabledDetectors: Set<string>;
  envDeny: Set<string>;
  scope: string[];
  /** The judge the guarded preset consults (absent: the reference judge). */
  judge?: JudgeSpec;
  /** The target gate, when the policy turns it on. */
  targets?: TargetsPolicy;
  rules: Rule[];
  examples: RuleExample[];
}

export class PolicyError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly field: string,
  ) {
    super(`${file}:${line}:${column}: ${field ? field + ': ' : ''}${message}`);
  }
}

/** Size caps of a policy file and of one rule (bigger is an error, not a slow load). */
export const MAX_POLICY_CHARS = 32 * 1024 * 1024;
export const MAX_RULE_CHARS = 4096;
/** YAML aliases a policy may expand (the yaml library's own guard, made explicit). */
const MAX_ALIASES = 100;

function dirOf(file: string): string {
  const i = file.lastIndexOf('/');
  return i <= 0 ? '/' : file.slice(0, i);
}

/** Parse and validate policy YAML. `file` names it in errors and anchors `/path` rules. */
export function parsePolicy(text: string, file = '<policy>', dir?: string): Policy {
  if (text.length > MAX_POLICY_CHARS) throw new PolicyError(`larger than ${MAX_POLICY_CHARS} characters`, file, 1, 1, '');
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false });
  const at = (offset: number | undefined, field: string, msg: string) => {
    const pos = lc.linePos(offset ?? 0);
    return new PolicyError(msg, file, pos.line, pos.col, field);
  };
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    throw at(e.pos[0], '', e.message.split('\n')[0]!);
  }
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: MAX_ALIASES }) ?? {};
  } catch (e) {
    // An alias bomb (more aliases than MAX_ALIASES) or an alias to nothing.
    throw at(0, '', `cannot load: ${String((e as Error)?.message ?? e).split('\n')[0]}`);
  }
  const nodeAt = (path: PropertyKey[]) => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n) as (string | number)[], true);
      if (isNode(node) && node.range) return node.range[0];
    }
    return 0;
  };
  const parsed = policySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    let path = issue.path as PropertyKey[];
    let msg = issue.message;
    let offset: number | undefined;
    if (issue.code === 'unrecognized_keys') {
      const key = issue.keys[0]!;
      const parent = path.length ? doc.getIn(path as (string | number)[], true) : doc.contents;
      if (isMap(parent)) {
        const pair = parent.items.find((it) => isScalar(it.key) && it.key.value === key);
        if (pair && isScalar(pair.key) && pair.key.range) offset = pair.key.range[0];
      }
      path = [...path, key];
      msg = `unknown field "${key}"`;
    }
    throw at(offset ?? nodeAt(path), path.join('.'), msg);
  }
  const position = (path: PropertyKey[]) => lc.linePos(nodeAt(path));
  return buildPolicy(parsed.data, file, dir ?? dirOf(file), 'project', (path, msg) => {
    const pos = position(path);
    return new PolicyError(msg, file, pos.line, pos.col, path.join('.'));
  }, (path) => position(path).line);
}

/**
 * Policy data that has no YAML source (JSON settings, data embedded in a bundle) → Policy.
 * `locate` places a data path in the source text for errors (JSON settings); default 1:1.
 */
export function policyFromData(
  raw: unknown,
  file: string,
  dir: string,
  layer: LayerName = 'project',
  locate: (path: readonly PropertyKey[]) => { line: number; col: number } = () => ({ line: 1, col: 1 }),
): Policy {
  const parsed = policySchema.safeParse(raw ?? {});
  const fail = (path: PropertyKey[], msg: string) => {
    const at = locate(path);
    return new PolicyError(msg, file, at.line, at.col, path.join('.'));
  };
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fail(issue.path as PropertyKey[], issue.message);
  }
  // No per-rule line here: locating each rule in a large JSON file would cost a scan per rule.
  return buildPolicy(parsed.data, file, dir, layer, fail, () => undefined);
}

/** Validated data → Policy: rules parsed (errors placed by `fail`), layers pooled. */
function buildPolicy(
  data: PolicyData,
  file: string,
  dir: string,
  topLayer: LayerName,
  fail: (path: PropertyKey[], msg: string) => PolicyError,
  lineOf: (path: PropertyKey[]) => number | undefined,
): Policy {
  const rules: Rule[] = [];
  const examples: RuleExample[] = [];
  const addLists = (lists: Pick<PolicyData, RuleBehavior>, layer: LayerName, base: PropertyKey[]) => {
    for (const behavior of ['deny', 'ask', 'allow'] as const) {
      lists[behavior].forEach((entry, i) => {
        const text = typeof entry === 'string' ? entry : entry.rule;
        const path = [...base, behavior, i];
        if (text.length > MAX_RULE_CHARS) throw fail(path, `rule longer than ${MAX_RULE_CHARS} characters`);
        try {
          const rule = parseRule(text, behavior, layer);
          const line = lineOf(path);
          rule.where = line === undefined ? file : `${file}:${line}`;
          rules.push(rule);
          if (typeof entry !== 'string' && entry.examples) {
            examples.push({ rule, match: entry.examples.match, notMatch: entry.examples.not_match });
          }
        } catch (e) {
          // A rule error, or a pattern the regex engine refuses: the whole policy fails.
          throw fail(path, e instanceof RuleError ? e.message : `bad rule: ${String((e as Error)?.message ?? e)}`);
        }
      });
    }
  };
  addLists(data, topLayer, []);
  for (const layer of LAYERS) {
    const l = data.layers?.[layer];
    if (l) addLists(l, layer, ['layers', layer]);
  }
  return {
    name: data.name ?? file,
    dir,
    mode: data.preset ? PRESETS[data.preset].mode : data.mode,
    preset: data.preset,
    immune: data.immune,
    additionalDirectories: data.additionalDirectories,
    trustRepoConfig: data.git.trustRepoConfig,
    disabledDetectors: new Set(data.detectors.disable),
    envDeny: new Set(data.env.deny),
    scope: data.scope,
    judge: judgeSpec(data.judge),
    targets: data.targets && {
      pins: data.targets.pins.map(pinOf),
      blocked: data.targets.blocked,
      maxNew: data.targets.max_new,
      unpinned: data.targets.unpinned,
    },
    rules,
    examples,
  };
}

export interface TargetsPolicy {
  pins: Pin[];
  blocked: string[];
  maxNew?: number;
  unpinned: 'ask' | 'deny';
}

function judgeSpec(j: PolicyData['judge']): JudgeSpec | undefined {
  if (!j) return undefined;
  const deadlineMs = j.deadline_ms;
  if (j.kind === 'reference') return { kind: 'reference', deadlineMs };
  if (j.kind === 'fixture') return { kind: 'fixture', records: j.records, deadlineMs };
  const argv = typeof j.command === 'string' ? j.command.split(' ').filter(Boolean) : j.command;
  return { kind: 'command', argv, deadlineMs };
}

/** `host`, `host:port`, `[v6]:port` or an object → a pin. */
function pinOf(p: string | { host: string; port?: number | null; addresses: string[] }): Pin {
  if (typeof p !== 'string') return { host: p.host.toLowerCase(), port: p.port ?? null, addresses: p.addresses };
  const e = parseEndpoint(p, null);
  return { host: e?.host ?? p.toLowerCase(), port: e?.port ?? null, addresses: [] };
}

/** The built-in policy used when none is given: detectors on, no rules. */
export function emptyPolicy(): Policy {
  return parsePolicy('version: 1\n', '<builtin>', '/');
}
