// fd PATTERN PATH… -x|-X CMD…: CMD runs once per match (or once for all), with placeholders for
// the match: {} its path, {.} without extension, {//} its folder, {/} and {/.} its base name. With
// no placeholder, fd adds {} at the end. The words before -x are the pattern and the search roots.
import type { Word } from '../shell/types.ts';
import type { ArgFact, HookContext, MatchSet } from './types.ts';
import { argFact } from './fact.ts';
import { makeWord, staticWord } from '../shell/words.ts';
import { sv } from './words.ts';

const PLACEHOLDER = /\{(?:\/\/|\/\.|\/|\.)?\}/g;
const HAS_PLACEHOLDER = /\{(?:\/\/|\/\.|\/|\.)?\}/;
/** A pattern that matches every name (fd's default is a regex search in the base name). */
const EVERYTHING = new Set(['', '.', '^', '$', '.*', '^.*', '^.*$', '*', '**']);
/** Options whose value rejects files (type, exclude and depth limits keep nearly every file). */
const NARROWING = ['extension', 'size', 'changed-within', 'changed-before', 'owner'];
const META = /[.[\]()*+?{}|\\^$]/;

/** The exact base name a pattern asks for, when it is a plain name (`home`, `^\.ssh$`, a glob). */
function nameOf(p: string, glob: boolean, fixed: boolean): string | null {
  if (glob || fixed) return p.includes('/') ? null : p;
  const body = p.replace(/^\^/, '').replace(/\$$/, '').replace(/\\([^A-Za-z0-9])/g, '\u0000$1');
  const plain = body.replace(/\u0000./g, 'x');
  if (META.test(plain)) return null;
  return body.replace(/\u0000/g, '');
}

/**
 * A word of the command with its placeholders in the shape the engine tracks: the match's path,
 * its folder and its path without extension are `{}` (in the same tree, as find -exec has it); a
 * base name is some name in the current folder (a glob there).
 */
function rewrite(w: Word, root: string | null): Word {
  const s = w.value ?? '';
  if (!HAS_PLACEHOLDER.test(s)) return w;
  if (!s.includes('{/}') && !s.includes('{/.}')) return staticWord(s.replace(/\{\.\}|\{\/\/\}/g, '{}'), w.span);
  // {//}/x/{/}: a folder of the search tree (the one root stands for it), then a name
  const approx = (root === null ? s : s.split('{//}').join(root)).replace(PLACEHOLDER, '*');
  return makeWord(w.span, approx, false, undefined, approx, ['glob'], [], false, 0);
}

/** Where the argv after -x starts: the run of operands that reaches the end of args. */
function argvStart(ctx: HookContext): number {
  const idx = ctx.operandIndex;
  let k = idx.length;
  while (k > 0 && idx[k - 1] === ctx.args.length - (idx.length - k) - 1) k--;
  return k;
}

/** `--exec=CMD`, `--exec-batch=CMD`, `-x=CMD`, `-xCMD`: the command's first word is attached to the option. */
function attachedExec(ctx: HookContext): { at: number; value: string; short: boolean } | null {
  for (let i = 0; i < ctx.args.length; i++) {
    const v = sv(ctx.args[i]);
    if (v === undefined) continue;
    const long = /^--exec(?:-batch)?=(.+)$/.exec(v);
    if (long) return { at: i, value: long[1]!, short: false };
    const short = /^-[A-Za-z0-9]*?[xX]=?(.+)$/.exec(v);
    if (short && !v.startsWith('--')) return { at: i, value: short[1]!, short: true };
    if (v === '-x' || v === '-X' || v === '--exec' || v === '--exec-batch') return null;
  }
  return null;
}

export function fdHook(ctx: HookContext): void {
  const f = ctx.facts;
  const o = f.options;
  if (!o.has('exec') && !o.has('exec-batch')) return;
  const glued = attachedExec(ctx);
  const k = glued ? ctx.operandIndex.filter((i) => i < glued.at).length : argvStart(ctx);
  const before = ctx.operands.slice(0, k);
  let argv = glued ? [staticWord(glued.value, ctx.args[glued.at]!.span), ...ctx.args.slice(glued.at + 1)] : ctx.operands.slice(k);
  // (the parser's complaints about the glued value: `--exec takes no value`, `-r` of `-x=rm` …)
  if (glued) f.issues = f.issues.filter((m) => !m.includes('takes no value') && !(glued.short && m.startsWith('unknown option -') && ('=' + glued.value).includes(m.slice(16))));
  const end = argv.findIndex((w) => sv(w) === ';');
  if (end >= 0) {
    // `-x CMD ;` ends the command; what follows is fd's again (taken as more search roots)
    before.push(...argv.slice(end + 1).filter((w) => !(sv(w) ?? '-').startsWith('-')));
    argv = argv.slice(0, end);
  }
  f.args = f.args.filter((a) => a.option !== undefined);
  if (!argv.length) {
    f.issues.push('fd --exec without a command');
    return;
  }
  const pattern = before[0];
  const roots = before.slice(1);
  for (const r of roots) f.args.push({ ...argFact('read', r), recursive: true });
  for (const a of f.args) if (a.option === 'search-path') roots.push(a.word);
  const base = f.args.find((a) => a.option === 'base-directory');
  if (base && !base.word.static) roots.push(base.word);
  else if (base) roots.push(staticWord(base.text ?? base.word.value ?? '.', base.word.span));
  if (!roots.length) roots.push(staticWord('.', argv[0]!.span));
  const p = pattern === undefined ? '' : (sv(pattern) ?? null);
  const fixed = o.has('fixed-strings');
  const glob = o.has('glob');
  const byOption = NARROWING.some((n) => o.has(n)) || o.has('and');
  const narrowing = byOption || (p !== null && !EVERYTHING.has(p));
  const depth = Number(o.get('max-depth') ?? o.get('exact-depth'));
  const names = p && !o.has('full-path') && !byOption ? nameOf(p, glob, fixed) : null;
  const root = roots.length === 1 && roots[0]!.static ? (roots[0]!.value ?? null) : null;
  const words = argv.map((w) => (w.static ? rewrite(w, root) : w));
  if (!argv.some((w) => w.static && HAS_PLACEHOLDER.test(w.value ?? ''))) words.push(staticWord('{}', argv[argv.length - 1]!.span));
  const matches: MatchSet = { roots, filtered: narrowing, names: names ? [names.toLowerCase()] : null, maxdepth: Number.isInteger(depth) && depth >= 0 ? depth : undefined };
  const a: ArgFact = argFact('exec-argv', argv[0]!);
  a.argv = words;
  a.argvIndex = ctx.operandIndex[k];
  a.input = 'replace';
  a.placeholder = '{}';
  a.matches = matches;
  a.option = o.has('exec') ? 'x' : 'X';
  f.args.push(a);
}
