// The hook's policy: the project's Claude Code permissions layered under a gatelab policy file.
//   base:  $GATELAB_POLICY, else <project>/.gatelab.yaml, else the shipped policies/default.yaml
//   plus:  <project>/.claude/settings.json        permissions → layer "project"
//          <project>/.claude/settings.local.json  permissions → layer "local"
// Scalars (mode, immune profile, detectors, git trust …) come from the base; rules are unioned
// (deny beats ask beats allow across all of them); `/path` rules anchor at the project root.
//
// Speed: only a gatelab YAML file goes through the YAML parser. The shipped default arrives as
// data pre-parsed at build time, and settings files are JSON; both become a policy through the
// same schema and rule parser loadPolicy uses (policyFromData). test/hook/policy.test.ts checks
// that this gives the same rules as importClaudeSettings + loadPolicy.
import { claudePermissions, loadPolicy, policyFromData, PolicyError } from '../../engine/index.ts';
import type { Policy, LayerName } from '../../engine/index.ts';
import { trustedPart, type LazyTrust, type Trust } from './trust.ts';

export interface PolicyIo {
  /** File text, or null when the file does not exist. Other read errors throw. */
  readText(path: string): string | null;
}

export interface HookPolicy {
  policy: Policy;
  /** Files the policy was built from, in order (base first). */
  sources: string[];
  warnings: string[];
  /** The trust decision, when a repository layer needed it (lab/hook/trust.ts). */
  trust?: Trust;
  /** Repository allow rules and folders that trust kept out. */
  untrusted: number;
}

/**
 * The shipped default: YAML text (tsx host), data pre-parsed at build time (bundle), or a policy
 * built once (snapshot: built while the snapshot is made; only its `dir` changes per call).
 */
export type DefaultPolicySource = { file: string; text: string } | { file: string; data: unknown } | { file: string; policy: Policy };

export interface PolicyInputs {
  projectDir: string;
  /** GATELAB_POLICY, when set. */
  policyFile?: string;
  defaultPolicy: () => DefaultPolicySource;
  /** Workspace trust: when untrusted, the project's own allow rules and folders are left out. */
  trust?: LazyTrust;
}

function join(dir: string, rel: string): string {
  return (dir.endsWith('/') ? dir : dir + '/') + rel;
}

/**
 * Claude Code settings JSON → policy data: the same fields importClaudeSettings converts, with
 * the same all-or-nothing validation (a bad entry throws PolicyError with file:line:col).
 */
export function settingsData(jsonText: string, file: string, warnings: string[]): Record<string, unknown> {
  const p = claudePermissions(jsonText, file);
  warnings.push(...p.warnings.map((w) => `${file}: ${w}`));
  return p.data;
}

/** Build the merged policy. Throws PolicyError (bad YAML, bad rule, unreadable JSON). */
export function resolveHookPolicy(inp: PolicyInputs, io: PolicyIo): HookPolicy {
  const sources: string[] = [];
  const warnings: string[] = [];
  const explicit = inp.policyFile;
  const local = join(inp.projectDir, '.gatelab.yaml');
  const baseText = explicit ? io.readText(explicit) : io.readText(local);
  if (explicit && baseText === null) throw new PolicyError('GATELAB_POLICY names a file that does not exist', explicit, 1, 1, '');
  let base: Policy;
  if (baseText !== null) {
    const file = explicit ?? local;
    base = { ...loadPolicy(baseText, { file, skipExamples: true }), dir: inp.projectDir };
    sources.push(file);
  } else {
    const d = inp.defaultPolicy();
    if ('policy' in d) base = { ...d.policy, dir: inp.projectDir };
    else if ('data' in d) base = policyFromData(d.data, d.file, inp.projectDir);
    else base = { ...loadPolicy(d.text, { file: d.file, skipExamples: true }), dir: inp.projectDir };
    sources.push(d.file);
  }
  // A .gatelab.yaml inside the project is repository-supplied, like the project's settings.
  const repoBase = !explicit && baseText !== null;
  const b = trustedPart(base.rules, base.additionalDirectories, repoBase ? inp.trust : undefined);
  let dropped = b.dropped;
  const rules = b.rules;
  const dirs = b.dirs;
  const layers: [string, LayerName][] = [
    ['.claude/settings.json', 'project'],
    ['.claude/settings.local.json', 'local'],
  ];
  for (const [rel, layer] of layers) {
    const file = join(inp.projectDir, rel);
    const json = io.readText(file);
    if (json === null) continue;
    const perms = claudePermissions(json, file);
    warnings.push(...perms.warnings.map((w) => `${file}: ${w}`));
    const p = policyFromData(perms.data, file, inp.projectDir, layer, perms.locate);
    const t = trustedPart(p.rules, p.additionalDirectories, inp.trust);
    dropped += t.dropped;
    rules.push(...t.rules);
    dirs.push(...t.dirs);
    sources.push(file);
  }
  return { policy: { ...base, rules, additionalDirectories: dirs }, sources, warnings, trust: inp.trust?.seen(), untrusted: dropped };
}

/** The workspace: the project root plus the policy's extra folders (absolute, `~` expanded). */
export function workspaceOf(projectDir: string, home: string, policy: Policy): string[] {
  const out = [projectDir];
  for (const d of policy.additionalDirectories) {
    if (d.startsWith('/')) out.push(d);
    else if (d === '~' || d.startsWith('~/')) out.push(home + d.slice(1));
    else out.push(join(projectDir, d));
  }
  return out;
}
