// The hook's policy: the project's Claude Code permissions layered under a gatelab policy file.
//   base:    $GATELAB_POLICY, else <project>/.gatelab.yaml, else the shipped policies/default.yaml
//   plus:    <project>/.claude/settings.json        permissions → layer "project"
//            <project>/.claude/settings.local.json  permissions → layer "local"
// Scalars (mode, immune profile, detectors, git trust …) come from the base; rules are unioned
// (deny beats ask beats allow across all of them); `/path` rules anchor at the project root.
import { loadPolicy, importClaudeSettings, PolicyError, type Policy, type LayerName } from '../../engine/index.ts';

export interface PolicyIo {
  /** File text, or null when the file does not exist. Other read errors throw. */
  readText(path: string): string | null;
}

export interface HookPolicy {
  policy: Policy;
  /** Files the policy was built from, in order (base first). */
  sources: string[];
  warnings: string[];
}

export interface PolicyInputs {
  projectDir: string;
  /** GATELAB_POLICY, when set. */
  policyFile?: string;
  /** The shipped default policy (text and a name for messages). */
  defaultPolicy: () => { text: string; file: string };
}

function join(dir: string, rel: string): string {
  return (dir.endsWith('/') ? dir : dir + '/') + rel;
}

function relayer(policy: Policy, layer: LayerName): Policy['rules'] {
  return policy.rules.map((r) => ({ ...r, layer }));
}

/** Build the merged policy. Throws PolicyError (bad YAML, bad rule, unreadable JSON). */
export function resolveHookPolicy(inp: PolicyInputs, io: PolicyIo): HookPolicy {
  const sources: string[] = [];
  const warnings: string[] = [];
  let base: Policy;
  const explicit = inp.policyFile;
  const local = join(inp.projectDir, '.gatelab.yaml');
  const baseText = explicit ? io.readText(explicit) : io.readText(local);
  if (explicit && baseText === null) throw new PolicyError('GATELAB_POLICY names a file that does not exist', explicit, 1, 1, '');
  if (baseText !== null) {
    const file = explicit ?? local;
    base = loadPolicy(baseText, { file, skipExamples: true });
    sources.push(file);
  } else {
    const d = inp.defaultPolicy();
    base = loadPolicy(d.text, { file: d.file, skipExamples: true });
    sources.push(d.file);
  }
  const rules = [...base.rules];
  const dirs = [...base.additionalDirectories];
  const layers: [string, LayerName][] = [
    ['.claude/settings.json', 'project'],
    ['.claude/settings.local.json', 'local'],
  ];
  for (const [rel, layer] of layers) {
    const file = join(inp.projectDir, rel);
    const json = io.readText(file);
    if (json === null) continue;
    let yaml: string;
    try {
      const r = importClaudeSettings(json, file);
      yaml = r.yaml;
      for (const w of r.warnings) warnings.push(`${file}: ${w}`);
    } catch (e) {
      throw new PolicyError(`not valid JSON: ${(e as Error).message}`, file, 1, 1, '');
    }
    const p = loadPolicy(yaml, { file, skipExamples: true });
    rules.push(...relayer(p, layer));
    dirs.push(...p.additionalDirectories);
    sources.push(file);
  }
  const policy: Policy = { ...base, dir: inp.projectDir, rules, additionalDirectories: dirs };
  return { policy, sources, warnings };
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
