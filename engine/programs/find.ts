// find: start paths, and whether a test narrows what its actions touch. A test narrows when it
// can reject files: -name '*.log' does, -name '*', -type f, -prune and negations do not (they
// keep nearly every file). Only the tests on the action's own branch count: in `A -o -delete`
// the delete runs on everything A does not match. (-mindepth does not narrow either: it only
// spares the start folder itself, so `find ~ -mindepth 1 -delete` still empties the home folder.)
import type { Word } from '../shell/types.ts';
import type { MatchSet } from './types.ts';

const PATTERN = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-lname', '-ilname']);
const REGEX = new Set(['-regex', '-iregex']);
const VALUED = new Set(['-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-size', '-user', '-group', '-uid', '-gid', '-perm', '-links', '-inum', '-samefile', '-used', '-anewer', '-cnewer']);
/** Tests that take a value but keep nearly every file. */
const WIDE_VALUED = new Set(['-type', '-xtype', '-maxdepth', '-mindepth', '-fstype', '-regextype', '-context']);
const ACTIONS = new Set(['-delete', '-exec', '-execdir', '-ok', '-okdir']);

function text(w: Word | undefined): string | null {
  return w && w.static ? (w.value ?? '') : null;
}

/** A name pattern of `*` and at most one `?` matches every name (`*`, `?*`, `*?*`). */
function allStars(s: string): boolean {
  let q = 0;
  for (const c of s) {
    if (c === '?') q++;
    else if (c !== '*') return false;
  }
  return q <= 1;
}

/** Regexes that match every path. */
const EVERY_PATH = new Set(['', '.*', '.*.*', '.+', '^.*$', '^.*', '.*$', '^.+$']);

/** Tests whose value keeps every file: -perm -000 or /000 (all or any of no bits), -links +0. */
function keepsAll(v: string, arg: string | null): boolean {
  if (arg === null) return false;
  if (v === '-perm') return /^[-/]0+$/.test(arg);
  return v === '-links' && arg === '+0';
}

/** Whether the test at args[i] rejects files, and how many words it takes. */
function term(args: readonly Word[], i: number): { narrows: boolean; size: number } {
  const v = text(args[i]) ?? '';
  const arg = text(args[i + 1]);
  if (PATTERN.has(v)) return { narrows: arg !== null && arg.length > 0 && !allStars(arg), size: 2 };
  if (REGEX.has(v)) return { narrows: arg !== null && !EVERY_PATH.has(arg), size: 2 };
  if (keepsAll(v, arg)) return { narrows: false, size: 2 };
  if (VALUED.has(v) || v.startsWith('-newer')) return { narrows: true, size: 2 };
  if (WIDE_VALUED.has(v)) return { narrows: false, size: 2 };
  if (v === '-empty') return { narrows: true, size: 1 };
  return { narrows: false, size: 1 };
}

/** Whether every action that deletes or runs a command sits behind a narrowing test. */
function narrowed(args: readonly Word[], start: number): boolean {
  // per paren depth: the branches so far, each the list of its terms' narrowing
  const stack: boolean[][][] = [[[]]];
  let sawAction = false;
  for (let i = start; i < args.length; i++) {
    const v = text(args[i]);
    if (v === null) return false;
    const level = stack[stack.length - 1]!;
    const branch = level[level.length - 1]!;
    if (v === '(') stack.push([[]]);
    else if (v === ')') {
      if (stack.length === 1) return false;
      const group = stack.pop()!;
      const top = stack[stack.length - 1]!;
      top[top.length - 1]!.push(group.every((b) => b.some(Boolean)));
    } else if (v === '-o' || v === '-or' || v === ',') level.push([]);
    else if (v === '-a' || v === '-and') continue;
    else if (v === '!' || v === '-not') {
      // a negated test keeps nearly everything: skip it, it does not narrow
      const t = text(args[i + 1]);
      if (t === '(') {
        let depth = 0;
        for (i++; i < args.length; i++) {
          const x = text(args[i]);
          if (x === '(') depth++;
          else if (x === ')' && --depth === 0) break;
        }
      } else i += term(args, i + 1).size;
      branch.push(false);
    } else if (ACTIONS.has(v)) {
      sawAction = true;
      // the action's branch at every depth, from the outermost in
      if (!stack.some((lv) => lv[lv.length - 1]!.some(Boolean))) return false;
      if (v !== '-delete') {
        for (i++; i < args.length; i++) {
          const x = text(args[i]);
          if (x === ';' || x === '+') break;
        }
      }
    } else {
      const t = term(args, i);
      branch.push(t.narrows);
      i += t.size - 1;
    }
  }
  return sawAction;
}

/** Static -name/-iname patterns and -maxdepth; names null when another test narrows, a word is dynamic or a branch (`-o`, `!`) makes them unsure. */
function namesOf(args: readonly Word[], start: number): { names: string[] | null; maxdepth: number | undefined } {
  const names: string[] = [];
  let maxdepth: number | undefined;
  let sure = true;
  for (let i = start; i < args.length; i++) {
    const v = text(args[i]);
    if (v === null) return { names: null, maxdepth };
    if (v === '-maxdepth') {
      const n = Number(text(args[i + 1]));
      if (Number.isInteger(n) && n >= 0) maxdepth = n;
      i++;
    } else if (v === '-name' || v === '-iname') {
      const p = text(args[i + 1]);
      if (p === null) sure = false;
      else names.push(p.toLowerCase());
      i++;
    } else if (v === '-o' || v === '-or' || v === '!' || v === '-not' || v === '(' || v === ',') sure = false;
    else if (ACTIONS.has(v)) break;
    else {
      const t = term(args, i);
      if (t.narrows) sure = false;
      else i += t.size - 1;
    }
  }
  return { names: sure && names.length > 0 ? names : null, maxdepth };
}

/** find's start paths and how its tests narrow the matches (the shape fd -x has too). */
export function findRoots(args: readonly Word[]): MatchSet {
  const roots: Word[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i];
    const v = w.static ? (w.value ?? '') : w.approx;
    if (v === '-H' || v === '-L' || v === '-P') continue;
    if (v === '-D') {
      i++;
      continue;
    }
    if (v.startsWith('-') || v === '!' || v === '(') break;
    roots.push(w);
  }
  return { roots, filtered: narrowed(args, i), ...namesOf(args, i) };
}
