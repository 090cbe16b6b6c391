// Policies: YAML validated with zod. Errors name file:line:column and the field.
import { z } from 'zod';
import { LineCounter, parseDocument, isNode, isMap, isScalar } from 'yaml';
import { parseRule, RuleError, LAYERS, type LayerName, type Rule, type RuleBehavior } from './rules/parse.ts';
import { MODE_NAMES, PRESETS, type PresetName } from './modes.ts';
import type { ModeName } from '../types.ts';

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

function dirOf(file: string): string {
  const i = file.lastIndexOf('/');
  return i <= 0 ? '/' : file.slice(0, i);
}

/** Parse and validate policy YAML. `file` names it in errors and anchors `/path` rules. */
export function parsePolicy(text: string, file = '<policy>', dir?: string): Policy {
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
  const nodeAt = (path: PropertyKey[]) => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n) as (string | number)[], true);
      if (isNode(node) && node.range) return node.range[0];
    }
    return 0;
  };
  const raw = doc.toJS() ?? {};
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

/** Policy data that has no YAML source (JSON settings, data embedded in a bundle) → Policy. */
export function policyFromData(raw: unknown, file: string, dir: string, layer: LayerName = 'project'): Policy {
  const parsed = policySchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new PolicyError(issue.message, file, 1, 1, issue.path.join('.'));
  }
  return buildPolicy(parsed.data, file, dir, layer, (path, msg) => new PolicyError(msg, file, 1, 1, path.join('.')), () => 1);
}

/** Validated data → Policy: rules parsed (errors placed by `fail`), layers pooled. */
function buildPolicy(
  data: PolicyData,
  file: string,
  dir: string,
  topLayer: LayerName,
  fail: (path: PropertyKey[], msg: string) => PolicyError,
  lineOf: (path: PropertyKey[]) => number,
): Policy {
  const rules: Rule[] = [];
  const examples: RuleExample[] = [];
  const addLists = (lists: Pick<PolicyData, RuleBehavior>, layer: LayerName, base: PropertyKey[]) => {
    for (const behavior of ['deny', 'ask', 'allow'] as const) {
      lists[behavior].forEach((entry, i) => {
        const text = typeof entry === 'string' ? entry : entry.rule;
        const path = [...base, behavior, i];
        try {
          const rule = parseRule(text, behavior, layer);
          rule.where = `${file}:${lineOf(path)}`;
          rules.push(rule);
          if (typeof entry !== 'string' && entry.examples) {
            examples.push({ rule, match: entry.examples.match, notMatch: entry.examples.not_match });
          }
        } catch (e) {
          if (e instanceof RuleError) throw fail(path, e.message);
          throw e;
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
    rules,
    examples,
  };
}

/** The built-in policy used when none is given: detectors on, no rules. */
export function emptyPolicy(): Policy {
  return parsePolicy('version: 1\n', '<builtin>', '/');
}
