// Hooks for grammars a table cannot say: dd operands, env NAME=value prefixes, date, flock …
import type { Word } from '../shell/types.ts';
import type { ArgFact, ArgRole, HookContext } from './types.ts';
import { sv, textOf } from './words.ts';
import { argFact } from './fact.ts';
import { isSecretName } from '../audit/redact.ts';

/** `NAME=value` (static or dynamic text): the name, else null. */
export function assignmentName(w: Word): string | null {
  const t = textOf(w);
  const eq = t.indexOf('=');
  if (eq <= 0) return null;
  for (let i = 0; i < eq; i++) {
    const c = t.charCodeAt(i);
    const ok = c === 95 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (i > 0 && c >= 48 && c <= 57);
    if (!ok) return null;
  }
  return t.slice(0, eq);
}

/** The operand fact for a word (assigned by the layout), if any. */
export function factOf(ctx: HookContext, w: Word): ArgFact | undefined {
  for (const a of ctx.facts.args) if (a.word === w && a.option === undefined) return a;
  return undefined;
}

/** Set the role of an operand fact, creating one if the layout gave none. */
export function setRole(ctx: HookContext, w: Word, role: ArgRole, extra: Partial<ArgFact> = {}): ArgFact {
  let a = factOf(ctx, w);
  if (!a) {
    a = argFact(role, w);
    ctx.facts.args.push(a);
  }
  a.role = role;
  Object.assign(a, extra);
  return a;
}

/** env / sudo: `NAME=value` words before the command are env facts; with no command left, nothing runs. */
export function envPrefix(ctx: HookContext): void {
  const f = ctx.facts;
  const k = f.args.findIndex((a) => a.role === 'exec-argv');
  if (k < 0) {
    f.printsEnv = true; // env with no command prints the environment
    return;
  }
  const a = f.args[k];
  let i = a.argvIndex ?? 0;
  while (i < ctx.args.length && assignmentName(ctx.args[i]) !== null) {
    const w = ctx.args[i];
    const eq = textOf(w).indexOf('=');
    const name = textOf(w).slice(0, eq);
    f.args.push({ role: 'env', word: w, name, approx: w.approx.slice(w.approx.indexOf('=') + 1), ...(w.static ? { text: (w.value ?? '').slice(eq + 1) } : {}) });
    i++;
  }
  if (i >= ctx.args.length) f.args.splice(k, 1);
  else {
    a.argvIndex = i;
    a.word = ctx.args[i];
  }
}

const DD_KEYS = new Set(['bs', 'cbs', 'conv', 'count', 'ibs', 'iflag', 'obs', 'oflag', 'seek', 'skip', 'status', 'iseek', 'oseek']);

/** dd: `if=` is read, `of=` is written (truncated unless conv=notrunc; oflag=append appends). */
export function ddHook(ctx: HookContext): void {
  let notrunc = false;
  let append = false;
  for (const w of ctx.operands) {
    const t = textOf(w);
    if (t.startsWith('conv=') && t.includes('notrunc')) notrunc = true;
    if (t.startsWith('oflag=') && t.includes('append')) append = true;
  }
  for (const w of ctx.operands) {
    const t = textOf(w);
    const eq = t.indexOf('=');
    const key = eq < 0 ? '' : t.slice(0, eq);
    const text = w.static ? t.slice(eq + 1) : undefined;
    const part = text !== undefined ? { text } : {};
    if (key === 'if') setRole(ctx, w, 'read', part);
    else if (key === 'of') setRole(ctx, w, append ? 'append' : 'write', { ...part, create: append ? 'append' : notrunc ? 'create' : 'truncate' });
    else if (!DD_KEYS.has(key)) ctx.facts.issues.push(`unknown dd operand ${w.approx}`);
  }
  if (!ctx.operands.some((w) => textOf(w).startsWith('if='))) ctx.facts.stdin = 'data';
}

/** date: an operand that is not `+FORMAT` sets the clock. */
export function dateHook(ctx: HookContext): void {
  for (const w of ctx.operands) if (!w.static || !(w.value ?? '').startsWith('+')) ctx.effect = true;
}

/** flock FILE -c CMD / flock FILE CMD ARGS / flock FD: the lock file is created, the rest runs. */
export function flockHook(ctx: HookContext): void {
  const f = ctx.facts;
  const ops = ctx.operands;
  f.args = f.args.filter((a) => a.option !== undefined);
  if (!ops.length) return;
  const first = ops[0];
  const v = sv(first);
  if (v !== undefined && !isNumber(v)) f.args.push({ role: 'write', word: first, create: 'create' });
  else if (v === undefined) f.args.push({ role: 'write', word: first, create: 'create' });
  if (ops.length < 2) return;
  const second = sv(ops[1]);
  if (second === '-c' || second === '--command') {
    if (ops[2]) f.args.push({ role: 'exec-line', word: ops[2], language: 'sh' });
    else f.issues.push('flock -c without a command');
    return;
  }
  if (second !== undefined && second.startsWith('--command=')) {
    f.args.push({ role: 'exec-line', word: ops[1], text: second.slice(10), language: 'sh' });
    return;
  }
  f.args.push({ role: 'exec-argv', word: ops[1], argvIndex: ctx.operandIndex[1] });
}

/** Words that look like a single number (a pid, an fd). */
export function isNumber(v: string | undefined): boolean {
  if (!v) return false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** trap 'code' SIG: the shell analyses static trap code as its own command, so here it is harmless. */
export function trapHook(ctx: HookContext): void {
  for (const a of ctx.facts.args) if (a.role === 'code' && a.word.static) a.harmless = true;
}

/** printenv: every variable, or the ones named; a variable named like a secret prints a secret. */
export function printenvHook(ctx: HookContext): void {
  const ops = ctx.operands;
  if (ops.length === 0 || ops.some((w) => !w.static || isSecretName(w.value ?? ''))) ctx.facts.printsEnv = true;
}

/** declare -p / -x, typeset -p, export -p (or no argument), set with no argument: the variables and their values. */
export function declareHook(ctx: HookContext): void {
  const f = ctx.facts;
  if (f.name === 'local' || f.name === 'unset') return;
  if (ctx.args.length === 0 ? f.name !== 'readonly' : f.name !== 'set' && ctx.args.every((w) => w.static && (w.value === '-p' || w.value === '-x' || w.value === '-px' || w.value === '-xp'))) f.printsEnv = true;
}

/**
 * A recursive copy of a folder's contents (`cp -r SRC/. DEST`, `rsync -a SRC/ DEST`, a source
 * known only at run time): the names below DEST are the ones the source holds, like archive
 * members. `contents` says which source text means "what is inside".
 */
export function contentsInto(ctx: HookContext, deep: boolean, contents: (t: string) => boolean): void {
  const f = ctx.facts;
  const dest = f.args.find((a) => a.role === 'dir-target') ?? f.args.find((a) => a.option === undefined && a.role === 'write');
  if (!dest || !deep) return;
  for (const a of f.args) {
    if (a.option !== undefined || a.role !== 'read') continue;
    if (!a.word.static || contents(a.word.value ?? '')) dest.members = true;
  }
}

/** cp: `.` or a path ending in `/.` copies what the folder holds. */
export function dotContents(t: string): boolean {
  return t === '.' || t.endsWith('/.');
}
