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

/** Compile a path rule for one context. Returns a matcher over absolute, normalised paths. */
export function compilePathRule(pattern: string, behavior: RuleBehavior, a: PathAnchors): Pattern {
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
