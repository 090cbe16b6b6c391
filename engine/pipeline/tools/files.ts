// Read / Glob / Grep and Edit / Write: path rules, the workspace boundary, protected paths.
import type { Rule } from '../rules/index.ts';
import { result, type CheckResult } from '../result.ts';
import { pathVariants, inWorkspace, type CheckEnv } from '../env.ts';
import { isImmune } from '../immune.ts';
import { credentialBelow, credentialReason, protectedReason, isInside, normalizePath, resolvePath, suspiciousPath, classifyPath } from '../../paths/index.ts';
import { isBlockDevice } from '../../detectors/disk-destroy.ts';

const READ_TOOLS = ['Read'];
const EDIT_TOOLS = ['Edit'];

function firstMatch(env: CheckEnv, rules: Rule[], paths: string[], every = false): Rule | undefined {
  return rules.find((r) =>
    every ? paths.every((p) => env.rules.matchPath(r, p, env.anchors)) : paths.some((p) => env.rules.matchPath(r, p, env.anchors)),
  );
}

function ruleResult(behavior: 'deny' | 'ask' | 'allow', rule: Rule, what: string, extra: Partial<CheckResult> = {}): CheckResult {
  return result(behavior, { type: 'rule', rule: rule.text, layer: rule.layer }, `${what} matches ${rule.behavior} rule ${rule.text}`, {
    immune: behavior === 'ask',
    ...extra,
  });
}

/** A path a POSIX check cannot judge safely asks, whatever the rules say. */
function oddPath(env: CheckEnv, raw: string, readOnly: boolean): CheckResult | null {
  const why = suspiciousPath(raw);
  if (!why) return null;
  env.tracer.add('path form', 'ask', `${raw}: ${why}`);
  return result('ask', { type: 'safetyCheck', safety: 'unanalysable', detail: why }, `${raw}: ${why}`, {
    immune: isImmune(env.policy.immune, 'unanalysable'),
    readOnly,
  });
}

/** Reading a credential: an immune ask under the profiles that keep credential reads. */
function credentialResult(env: CheckEnv, p: string, why: string, what: string): CheckResult {
  env.tracer.add('credential check', 'ask', `${p}: ${why}`);
  const message = `${what} exposes ${why}`;
  return result('ask', { type: 'safetyCheck', safety: 'credentialRead', detail: why }, message, {
    immune: isImmune(env.policy.immune, 'credentialRead'),
    readOnly: true,
    findings: [{ detector: 'credential-read', family: 'protected', behavior: 'ask', message, safety: 'credentialRead' }],
  });
}

/**
 * Read a file, or (contents false) list names only, as the Glob tool does: then a credential
 * location is an ordinary read outside the workspace, since no secret is printed.
 */
export function checkRead(env: CheckEnv, raw: string, contents = true): CheckResult {
  const odd = oddPath(env, raw, true);
  if (odd) return odd;
  const paths = pathVariants(env, raw);
  const shown = paths.join(' → ');
  const t = env.tracer;
  const deny = firstMatch(env, env.rules.pathRules(READ_TOOLS, 'deny'), paths);
  if (deny) return t.add('read rules', 'deny', deny.text), ruleResult('deny', deny, shown);
  const ask = firstMatch(env, env.rules.pathRules(READ_TOOLS, 'ask'), paths);
  if (ask) return t.add('read rules', 'ask', ask.text), ruleResult('ask', ask, shown, { readOnly: true });
  for (const p of contents ? paths : []) {
    const why = credentialReason(p, env.home);
    if (why) return credentialResult(env, p, why, `reading ${p}`);
  }
  if (paths.every((p) => inWorkspace(env, p))) {
    t.add('workspace', 'allow', `${shown} is inside the workspace`);
    return result('allow', { type: 'workingDir', detail: 'inside the workspace' }, `${shown} is inside the workspace`, { readOnly: true });
  }
  const allow = firstMatch(env, env.rules.pathRules(READ_TOOLS, 'allow'), paths, true);
  if (allow) return t.add('read rules', 'allow', allow.text), ruleResult('allow', allow, shown, { readOnly: true });
  t.add('workspace', 'passthrough', `${shown} is outside the workspace`);
  return result('passthrough', { type: 'workingDir', detail: 'outside the workspace' }, `${shown} is outside the workspace`, { readOnly: true });
}

export function checkWrite(env: CheckEnv, raw: string): CheckResult {
  const odd = oddPath(env, raw, false);
  if (odd) return odd;
  const paths = pathVariants(env, raw);
  const shown = paths.join(' → ');
  const t = env.tracer;
  const deny =
    firstMatch(env, env.rules.pathRules(EDIT_TOOLS, 'deny'), paths) ?? firstMatch(env, env.rules.pathRules(READ_TOOLS, 'deny'), paths);
  if (deny) return t.add('edit rules', 'deny', deny.text), ruleResult('deny', deny, shown);
  // Writing a block device overwrites the disk under every file on it (disk-destroy, if enabled).
  const disk = env.detectors.some((d) => d.meta.id === 'disk-destroy') ? paths.find(isBlockDevice) : undefined;
  if (disk) {
    const message = `writes to block device ${disk}`;
    t.add('device', 'deny', message);
    return result('deny', { type: 'detector', detector: 'disk-destroy', detail: message }, message, { findings: [{ detector: 'disk-destroy', family: 'destructive', behavior: 'deny', message }] });
  }
  const ask = firstMatch(env, env.rules.pathRules(EDIT_TOOLS, 'ask'), paths);
  for (const p of paths) {
    const why = protectedReason(p, env.home);
    if (why) {
      t.add('protected path', 'ask', `${p} is under ${why}`);
      const message = `${p} is a protected path (${why})`;
      // The gate's own configuration stays immune in every profile, as does an explicit ask rule on the path.
      const safety = classifyPath(p, { cwd: env.cwd, home: env.home, workspace: env.workspace }).classes.has('gate-config') ? 'gateConfigWrite' : 'protectedWrite';
      return result('ask', { type: 'safetyCheck', safety, detail: why }, message, {
        immune: isImmune(env.policy.immune, safety) || ask !== undefined,
        findings: [{ detector: 'protected-path-write', family: 'protected', behavior: 'ask', message, safety }],
      });
    }
  }
  if (ask) return t.add('edit rules', 'ask', ask.text), ruleResult('ask', ask, shown);
  const allow = firstMatch(env, env.rules.pathRules(EDIT_TOOLS, 'allow'), paths, true);
  if (allow) return t.add('edit rules', 'allow', allow.text), ruleResult('allow', allow, shown);
  const inside = paths.every((p) => inWorkspace(env, p));
  t.add('workspace', 'passthrough', `${shown} is ${inside ? 'inside' : 'outside'} the workspace`);
  return result('passthrough', { type: 'workingDir', detail: inside ? 'edit inside the workspace' : 'outside the workspace' }, `edit ${shown}`, {
    workspaceEdit: inside,
  });
}

/** The folder a Glob or Grep searches: its path plus the literal folders its pattern starts with. */
function searchRoot(env: CheckEnv, path: string | undefined, pattern: string | undefined): string {
  let root = resolvePath(path ?? env.cwd, env.cwd, env.home);
  if (pattern) {
    const abs = pattern.startsWith('/') || pattern.startsWith('~');
    const segs = pattern.split('/');
    const lit: string[] = [];
    for (const s of segs.slice(0, -1)) {
      if (s.includes('*') || s.includes('?') || s.includes('[') || s.includes('{')) break;
      lit.push(s);
    }
    if (abs) root = resolvePath(lit.join('/') || '/', env.cwd, env.home);
    else if (lit.length) root = normalizePath(root + '/' + lit.join('/'));
  }
  return root;
}

/** The literal folder a path rule starts at, for "could this search reach it?". */
function ruleFolder(env: CheckEnv, rule: Rule): { dir: string; name?: boolean } {
  const p = rule.path!;
  let base: string;
  let rest: string;
  if (p.startsWith('//')) {
    base = '/';
    rest = p.slice(2);
  } else if (p === '~' || p.startsWith('~/')) {
    base = env.home;
    rest = p.slice(2);
  } else if (p.startsWith('/')) {
    base = env.anchors.policyDir;
    rest = p.slice(1);
  } else {
    rest = p.startsWith('./') ? p.slice(2) : p;
    const core = rest.endsWith('/**') ? rest.slice(0, -3) : rest;
    if (!core.includes('/') && !p.startsWith('./')) return { dir: env.cwd, name: true };
    base = env.cwd;
  }
  const lit: string[] = [];
  for (const s of rest.split('/')) {
    if (s.includes('*') || s.includes('?') || s.includes('[')) break;
    lit.push(s);
  }
  return { dir: normalizePath(base + '/' + lit.join('/')) };
}

/**
 * The first Read deny rule whose folder overlaps a recursive search of `root`. A bare name
 * pattern (`Read(*appsettings*)`) names files of that name: a walk of any folder may meet one.
 */
export function denyWithin(env: CheckEnv, root: string): Rule | undefined {
  const roots = pathVariants(env, root);
  return env.rules.pathRules(READ_TOOLS, 'deny').find((r) => {
    const f = ruleFolder(env, r);
    return f.name || roots.some((x) => isInside(f.dir, x) || isInside(x, f.dir));
  });
}

/** A Read deny whose whole folder lies under root: a walk of root reaches every path it denies. */
export function denyUnder(env: CheckEnv, root: string): Rule | undefined {
  const roots = pathVariants(env, root);
  return env.rules.pathRules(READ_TOOLS, 'deny').find((r) => {
    const f = ruleFolder(env, r);
    return roots.some((x) => isInside(f.dir, x));
  });
}

export function checkSearch(env: CheckEnv, tool: string, path: string | undefined, pattern: string | undefined): CheckResult {
  const root = searchRoot(env, path, tool === 'Glob' ? pattern : undefined);
  const t = env.tracer;
  const denies = env.rules.pathRules(READ_TOOLS, 'deny');
  const roots = pathVariants(env, root);
  const deny = firstMatch(env, denies, roots);
  if (deny) return t.add('read rules', 'deny', deny.text), ruleResult('deny', deny, `${tool} in ${root}`);
  const r = denyWithin(env, root);
  if (r) {
    t.add('read rules', 'ask', `${tool} over ${root} may reach paths denied by ${r.text}`);
    return result('ask', { type: 'rule', rule: r.text, layer: r.layer }, `${tool} over ${root} may reach paths denied by ${r.text}`, {
      immune: true,
      readOnly: true,
    });
  }
  // Glob lists names; Grep reads every file below its root, so a folder holding secrets (a home,
  // ~/.config/gh, /etc) is a credential read, as grep -r over it is.
  if (tool === 'Glob') return checkRead(env, root, false);
  const read = checkRead(env, root);
  if (read.behavior === 'deny' || read.behavior === 'ask') return read;
  for (const p of roots) {
    const why = credentialBelow(p, env.home);
    if (why) return credentialResult(env, p, why, `${tool} over ${p}`);
  }
  return read;
}
