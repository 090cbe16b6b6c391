// Path rules for Read / Edit with gitignore semantics and Claude Code's anchors:
//   //abs   absolute from /          ~/p   from home
//   /p      from the policy file's folder
//   p, ./p  from cwd; a pattern without an inner slash matches at any depth (gitignore).
// A pattern that matches a folder also matches everything below it.
import { compilePattern, type Pattern } from '../../regex/index.ts';
import { normalizePath } from '../../paths/index.ts';
import { escapeRe, type RuleBehavior } from './parse.ts';

export interface PathAnchors {
  cwd: string;
  home: string;
  policyDir: string;
}

function globSource(glob: string): string {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        // `**/` matches zero or more folders; a trailing `**` matches anything.
        if (glob[i + 2] === '/') {
          re += '(?:.*/)?';
          i += 2;
        } else {
          re += '.*';
          i += 1;
        }
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) re += '\\[';
      else {
        let cls = glob.slice(i + 1, end);
        if (cls.startsWith('!')) cls = '^' + cls.slice(1);
        re += '[' + cls.split('\\').join('\\\\') + ']';
        i = end;
      }
    } else if (c === '\\' && i + 1 < glob.length) {
      re += escapeRe(glob[i + 1]!);
      i++;
    } else re += escapeRe(c);
  }
  return re;
}

/** Where a path rule is rooted, what follows the root, and whether it is anchored there. */
function ruleParts(pattern: string, behavior: RuleBehavior, a: PathAnchors): { root: string; rest: string; anchored: boolean } {
  let root: string;
  let rest: string;
  let anchored: boolean;
  if (pattern.startsWith('//')) {
    root = '/';
    rest = pattern.slice(2);
    anchored = true;
  } else if (pattern === '~' || pattern.startsWith('~/')) {
    root = a.home;
    rest = pattern.slice(2);
    anchored = true;
  } else if (pattern.startsWith('/')) {
    root = a.policyDir;
    rest = pattern.slice(1);
    anchored = true;
  } else {
    root = a.cwd;
    rest = pattern.startsWith('./') ? pattern.slice(2) : pattern;
    const dirOnly = rest.endsWith('/**') || rest.endsWith('/');
    const core = rest.endsWith('/**') ? rest.slice(0, -3) : rest.endsWith('/') ? rest.slice(0, -1) : rest;
    // gitignore: an inner slash anchors the pattern. Allow rules on a single folder (`src/**`)
    // match only <cwd>/src; deny and ask rules match it at any depth.
    anchored = core.includes('/') || pattern.startsWith('./') || (behavior === 'allow' && dirOnly);
  }
  if (rest.endsWith('/**')) rest = rest.slice(0, -3);
  else if (rest.endsWith('/')) rest = rest.slice(0, -1);
  return { root, rest, anchored };
}

/** Compile a path rule for one context. Returns a matcher over absolute, normalised paths. */
export function compilePathRule(pattern: string, behavior: RuleBehavior, a: PathAnchors): Pattern {
  const { root, rest, anchored } = ruleParts(pattern, behavior, a);
  const base = normalizePath(root);
  const prefix = base === '/' ? '' : escapeAll(base);
  const body = rest === '' ? '' : '/' + (anchored ? '' : '(?:.*/)?') + globSource(rest);
  return compilePattern('^' + prefix + body + '(?:/.*)?$');
}

function escapeAll(s: string): string {
  let out = '';
  for (const c of s) out += escapeRe(c);
  return out;
}

const GLOB_SPECIAL = '*?[]\\';

/**
 * What any path a rule matches must hold, found without compiling it: it starts with `prefix`
 * and contains `part`. A large rule set is tested against these first; only a rule that passes
 * is compiled (index.ts). Both are exact consequences of compilePathRule's pattern.
 */
export function pathRuleProbe(pattern: string, behavior: RuleBehavior, a: PathAnchors, normalize: (p: string) => string): { prefix: string; part: string } {
  const { root, rest, anchored } = ruleParts(pattern, behavior, a);
  const base = normalize(root);
  let prefix = base === '/' ? '' : base;
  let lead = 0;
  while (lead < rest.length && !GLOB_SPECIAL.includes(rest[lead]!)) lead++;
  if (rest !== '' && anchored) prefix += '/' + rest.slice(0, lead);
  // The longest literal run of the rest (contiguous in every match).
  let part = '';
  let run = 0;
  for (let i = 0; i <= rest.length; i++) {
    if (i === rest.length || GLOB_SPECIAL.includes(rest[i]!)) {
      if (i - run > part.length) part = rest.slice(run, i);
      run = i + 1;
    }
  }
  return { prefix, part };
}
