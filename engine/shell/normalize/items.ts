// xargs items listed by `find ROOT` with only name/type tests (or `git ls-files DIR`, `grep -rl P
// DIR`): every line starts with ROOT, so an item can never be an option. The word keeps that
// prefix (globPrefix); engine/effects reads the same producer to say which paths the items can be.
// A lister of names (`ls [DIR]`, `git ls-files` with no folder) has the root '': its lines are
// names relative to where they are used, and they may begin with `-`.
import type { Extraction, Invocation, Redirect, SimpleCommand, Word } from '../types.ts';
import { isName } from '../lexer.ts';
import { copyWord, makeWord } from '../words.ts';

/** An unquoted glob word standing for paths below `globPrefix`. */
function globWord(span: Word['span'], approx: string, globPrefix: string): Word {
  const w = makeWord(span, approx, false, undefined, approx, ['glob'], [], false, 0);
  w.globPrefix = globPrefix;
  return w;
}

/** find tests that only filter names (nothing that prints other text or runs anything). */
const FILTERS = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-type', '-maxdepth', '-mindepth', '-not', '-o', '-a', '-or', '-and', '-print', '-print0', '-size', '-mtime', '-mmin', '-newer', '-empty', '-prune', '!', '(', ')']);
const VALUED = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-type', '-maxdepth', '-mindepth', '-size', '-mtime', '-mmin', '-newer']);

const LS_FILES = new Set(['-z', '-c', '--cached', '-o', '--others', '-m', '--modified', '--exclude-standard', '--']);
const GREP_LIST = new Set(['r', 'R', 'l', 'i', 'w', 'E', 'F', 's']);

/** A plain relative folder name: what git and grep print it as, unchanged. */
function plainRoot(v: string): boolean {
  if (v === '' || v.startsWith('-') || v.startsWith('/') || v.startsWith('./') || v === '.' || v.startsWith(':')) return false;
  for (const part of v.split('/')) if (part === '..' || part === '.') return false;
  for (const ch of v) if (ch === '*' || ch === '?' || ch === '[' || ch === '\\' || ch === ' ' || ch === '\n') return false;
  return true;
}

/** `git ls-files [-z -c -o …] [DIR | PATHSPEC…]`: every line starts with DIR/; with pathspecs or none, paths below the cwd (root ''). */
function lsFilesRoot(a: Word[]): string | null {
  if (a[1]?.value !== 'ls-files') return null;
  let root: string | null = null;
  let specs = 0;
  for (const w of a.slice(2)) {
    if (!w.static) return null;
    const v = w.value ?? '';
    if (LS_FILES.has(v)) continue;
    if (v.startsWith('-') || v.startsWith('/') || v.startsWith(':') || v.includes('..')) return null;
    if (plainRoot(v) && root === null && specs === 0) root = v;
    else specs++;
  }
  // a pathspec glob (`*.sh`) matches below the cwd: the lines are relative paths there
  return specs ? '' : (root ?? '');
}

/** ls flags that only sort or pick entries: the lines stay bare names (no -l columns, no -a `..`). */
const LS_NAMES = new Set(['1', 'A', 'r', 't', 'S', 'X', 'v', 'U']);

/** `ls [-1AtrS…] [DIR]`: one name per line (root ''). */
function lsRoot(a: Word[]): string | null {
  let dirs = 0;
  for (const w of a.slice(1)) {
    if (!w.static) return null;
    const v = w.value ?? '';
    if (v.startsWith('-') && v.length > 1) {
      if (v.startsWith('--')) return null;
      for (const ch of v.slice(1)) if (!LS_NAMES.has(ch)) return null;
    } else if (++dirs > 1 || v.includes('*') || v.includes('?') || v.includes('[')) return null;
  }
  return '';
}

/** `grep -rl PATTERN DIR` (-r and -l required, a few harmless letters allowed): lines start with DIR. */
function grepListRoot(a: Word[]): string | null {
  const rest: string[] = [];
  const letters = new Set<string>();
  for (const w of a.slice(1)) {
    if (!w.static) return null;
    const v = w.value ?? '';
    if (v.startsWith('-') && rest.length === 0) {
      if (v.startsWith('--') || v.length < 2) return null;
      for (const ch of v.slice(1)) {
        if (!GREP_LIST.has(ch)) return null;
        letters.add(ch);
      }
    } else rest.push(v);
  }
  if (!(letters.has('r') || letters.has('R')) || !letters.has('l') || rest.length !== 2) return null;
  return plainRoot(rest[1]!) ? rest[1]! : null;
}

const RG_LIST = new Set(['l', 'i', 'S', 'F', 'w', 'x', 's']);

/** `rg -l PATTERN [DIR]` / `rg --files [DIR]`: rg walks DIR (the cwd when none) and prints paths below it. */
function rgListRoot(a: Word[]): string | null {
  const rest: string[] = [];
  let files = false;
  let list = false;
  for (const w of a.slice(1)) {
    if (!w.static) return null;
    const v = w.value ?? '';
    if (v.startsWith('-') && rest.length === 0) {
      if (v === '--files') files = true;
      else if (v === '--files-with-matches') list = true;
      else if (v.startsWith('--') || v.length < 2) return null;
      else
        for (const ch of v.slice(1)) {
          if (!RG_LIST.has(ch)) return null;
          if (ch === 'l') list = true;
        }
    } else rest.push(v);
  }
  const dirs = files ? rest : list ? rest.slice(1) : null;
  if (dirs === null || (!files && rest.length === 0) || dirs.length > 1) return null;
  if (!dirs.length) return '';
  return plainRoot(dirs[0]!) ? dirs[0]! : null;
}

/** The one root whose paths a plain lister prints (find ROOT tests…, git ls-files DIR, grep -rl P DIR), or null. */
export function findListRoot(c: SimpleCommand): string | null {
  const a = c.argv;
  if (a.length < 1 || (a.length < 2 && a[0]!.value !== 'ls') || !a[0]!.static || c.redirects.some((r) => r.fd === 1 || r.fd === null && r.op.startsWith('>'))) return null;
  const prog = a[0]!.value;
  if (prog === 'git' || prog === '/usr/bin/git') return lsFilesRoot(a);
  if (prog === 'ls' || prog === '/bin/ls' || prog === '/usr/bin/ls') return lsRoot(a);
  if (prog === 'grep' || prog === '/usr/bin/grep' || prog === '/bin/grep') return grepListRoot(a);
  if (prog === 'rg' || prog === '/usr/bin/rg') return rgListRoot(a);
  if (prog !== 'find' && prog !== '/usr/bin/find') return null;
  const root = a[1]!;
  if (!root.static) return null;
  const v = root.value ?? '';
  if (v === '' || v.startsWith('-') || v === '!' || v === '(') return null;
  for (let i = 2; i < a.length; i++) {
    const w = a[i]!;
    if (!w.static || !FILTERS.has(w.value ?? '')) return null;
    if (VALUED.has(w.value!)) i++;
  }
  return v;
}

/** Roots found per extraction, by pipe stage or fed process substitution (every command of a
 *  loop body asks for the same one: a scan of the commands each time was n²). */
const roots = new WeakMap<Extraction, Map<string, string | null>>();

/** The single find root that produces every line into this pipe stage, or null. */
export function itemRoot(inv: Invocation, ex: Extraction): string | null {
  const p = inv.source.pipe;
  const feed = !p || p.index === 0 ? procsubFeed(inv.source, false) : null;
  if ((!p || p.index === 0) && !feed) return null;
  const key = feed ? `<${feed.target.span.start}:${feed.target.span.end}` : `|${p!.id}:${p!.index}`;
  let m = roots.get(ex);
  if (m === undefined) roots.set(ex, (m = new Map()));
  let root = m.get(key);
  if (root === undefined) m.set(key, (root = feed ? fedRoot(feed, ex) : stageRoot(p!, ex)));
  return root;
}

/** `… < <(LISTER)`: the one command of the process substitution prints every line. */
function fedRoot(feed: Redirect, ex: Extraction): string | null {
  const inner = ex.commands.filter((c) => c.context.some((e) => e.kind === 'procsub' && e.span.start >= feed.target.span.start && e.span.end <= feed.target.span.end));
  return inner.length === 1 && !inner[0]!.pipe ? findListRoot(inner[0]!) : null;
}

/** The one lister in the stage just before `p`, or null. */
function stageRoot(p: NonNullable<SimpleCommand['pipe']>, ex: Extraction): string | null {
  let root: string | null = null;
  for (const c of ex.commands) {
    if (!c.pipe || c.pipe.id !== p.id || c.pipe.index >= p.index) continue;
    if (c.pipe.index !== p.index - 1 || root !== null) return null;
    root = findListRoot(c);
    if (root === null) return null;
  }
  return root;
}

/**
 * An unquoted `$(LISTER)` argument (`wc -l $(find src -name '*.ts')`) is the lister's paths, split
 * into words: a glob below its root, where a split name may also look like an option.
 */
export function prefixSubstitutions(out: Invocation[], ex: Extraction, changed: Invocation[]): void {
  for (const inv of out) {
    let args: Word[] | null = null;
    for (let i = 0; i < inv.args.length; i++) {
      const w = inv.args[i]!;
      const word = substitutionGlob(w, ex);
      if (word === null) continue;
      args ??= inv.args.slice();
      args[i] = word;
    }
    if (args) {
      inv.args = args;
      if (!changed.includes(inv)) changed.push(inv);
    }
  }
}

/** An unquoted or quoted `$(LISTER)` word as the glob of the lister's paths, or null. */
function substitutionGlob(w: Word, ex: Extraction): Word | null {
  if (w.static || w.substitutions !== 1 || w.kinds.length !== 1 || w.kinds[0] !== 'command') return null;
  // quoted ("$(find src …)"), the output is one word: a path below the root, never split
  const body = w.quoted && w.raw.startsWith('"') && w.raw.endsWith('"') ? w.raw.slice(1, -1) : w.quoted ? null : w.raw;
  if (body === null || !((body.startsWith('$(') && body.endsWith(')')) || (body.startsWith('`') && body.endsWith('`')))) return null;
  const inner = ex.commands.filter((c) => c.context.some((e) => e.kind === 'cmdsub' && e.span.start >= w.span.start && e.span.end <= w.span.end));
  if (inner.length !== 1 || inner[0]!.pipe) return null;
  const root = findListRoot(inner[0]!);
  if (root === null) return null;
  const gp = prefix(root);
  const word = makeWord(w.span, w.raw, false, undefined, gp + '*', ['glob'], [], w.quoted, 1);
  word.globPrefix = gp;
  if (!w.quoted) word.split = true;
  return word;
}

/** Give xargs items from a plain find their known prefix. */
export function prefixItems(out: Invocation[], ex: Extraction, changed: Invocation[]): void {
  for (const inv of out) {
    if (!viaXargs(inv)) continue;
    let root: string | null | undefined;
    // (the args array is replaced only when a word is: the program facts kept on it stay good)
    let args: Word[] | null = null;
    for (let i = 0; i < inv.args.length; i++) {
      const w = inv.args[i]!;
      const at = w.static ? -1 : w.approx.indexOf(ITEMS);
      if (at < 0 || w.approx.indexOf(ITEMS, at + 1) >= 0 || w.kinds.length !== 1 || w.kinds[0] !== 'command') continue;
      const whole = w.approx === ITEMS && w.raw === w.approx;
      // an item inside a word (xargs -I{} cp {} backup/{}.bak): the word as written, with the item in it
      if (!whole && w.raw === w.approx) continue;
      if (root === undefined) root = itemRoot(inv, ex);
      if (root === null) continue;
      args ??= inv.args.slice();
      if (whole) {
        const c = copyWord(w);
        c.globPrefix = prefix(root);
        args[i] = c;
        continue;
      }
      const before = w.approx.slice(0, at);
      const approx = before + prefix(root) + '*' + w.approx.slice(at + ITEMS.length);
      args[i] = globWord(w.span, approx, before + prefix(root));
    }
    if (args) {
      inv.args = args;
      if (!changed.includes(inv)) changed.push(inv);
    }
  }
}

function viaXargs(inv: Invocation): boolean {
  for (const v of inv.via) if (v.name.startsWith('xargs')) return true;
  return false;
}

export const LINE = '$(input line)';
const ITEMS = '$(xargs input)';

/** What every line of a root starts with: `src/` for src, nothing for a lister of names. */
function prefix(root: string): string {
  return root === '' ? '' : root.endsWith('/') ? root : root + '/';
}

/** `$name` as the one expansion of a quoted word (`"$f"`, `"src/$f"`, `~/"$f"`): the text around it, or null. */
function lineSlot(w: Word, name: string): { before: string; after: string } | null {
  if (w.static || !w.quoted || w.params.length !== 1 || w.params[0] !== name || w.kinds.length !== 1 || w.kinds[0] !== 'param') return null;
  const a = w.approx;
  const whole = a === '${' + name + '}' ? '${' + name + '}' : '$' + name;
  const at = a.indexOf(whole);
  if (at < 0 || a.indexOf('$') !== at || a.indexOf('$', at + 1) >= 0 || a.includes('\\') || w.raw.includes("'") || w.raw.includes('\\')) return null;
  const before = a.slice(0, at);
  const after = a.slice(at + whole.length);
  if (!insideQuotes(w.raw)) return null;
  for (const c of before + after) if (c === '*' || c === '?' || c === '[') return null;
  return { before, after };
}

/** Every `$` of the raw word is inside double quotes (the line is not split again). */
function insideQuotes(raw: string): boolean {
  let dq = false;
  for (const c of raw) {
    if (c === '"') dq = !dq;
    else if (c === '$' && !dq) return false;
  }
  return true;
}

function sameCtx(a: SimpleCommand, b: SimpleCommand): boolean {
  return a.context.length === b.context.length && a.context.every((e, k) => e.kind === b.context[k]!.kind && e.span.start === b.context[k]!.span.start && e.span.end === b.context[k]!.span.end);
}

/** The `< <(…)` stdin of a command (a loop's: bash gives it to every command in the loop), or null. */
function procsubFeed(sc: SimpleCommand, loop = true): Redirect | null {
  let r: Redirect | null = null;
  let ins = 0;
  for (const x of sc.redirects) if (x.fd === null || x.fd === 0) if (ins++ === 0) r = x;
  if (ins !== 1 || r!.op !== '<' || r!.target.static || r!.target.approx !== '<(…)' || (loop && !sc.context.some((e) => e.kind === 'loop'))) return null;
  return r;
}

/**
 * `LISTER | while read [-r] VAR; do …; done` (or `while …; done < <(LISTER)`): VAR, when nothing
 * else in the loop can set it.
 */
function lineVar(inv: Invocation, ex: Extraction, memo: Map<string, StageVar>): string | null {
  if (ex.functions.length) return null;
  const p = inv.source.pipe;
  const feed = p && p.index > 0 ? null : procsubFeed(inv.source);
  if (!feed && (!p || p.index === 0)) return null;
  // the same for every command of one stage (a loop body's): worked out once per stage
  const key = feed ? `<${feed.span.start}:${feed.span.end}` : `|${p!.id}:${p!.index}`;
  let m = memo.get(key);
  if (m === undefined) memo.set(key, (m = stageVar(feed, p, ex)));
  return m.first === inv.source ? null : m.name;
}

interface StageVar {
  /** The stage's first command (the read), which is not given its own line. */
  first: SimpleCommand | undefined;
  name: string | null;
}

function stageVar(feed: Redirect | null, p: SimpleCommand['pipe'], ex: Extraction): StageVar {
  const fed = (c: SimpleCommand) => {
    const f = procsubFeed(c);
    return !!f && f.span.start === feed!.span.start && f.span.end === feed!.span.end;
  };
  const stage = feed ? ex.commands.filter((c) => !c.pipe && fed(c)) : ex.commands.filter((c) => c.pipe && c.pipe.id === p!.id && c.pipe.index === p!.index);
  const first = stage[0];
  const none = { first, name: null };
  if (!first || first.context.length === 0 || first.context[first.context.length - 1]!.kind !== 'loop') return none;
  const a = first.argv.map((w) => (w.static ? w.value! : null));
  const name = a.length === 3 && a[0] === 'read' && a[1] === '-r' ? a[2] : a.length === 2 && a[0] === 'read' ? a[1] : null;
  // IFS= read -r f only says where read splits; any other prefix or redirection may change the line
  if (!name || !isName(name) || first.env.some((e) => e.name !== 'IFS') || first.redirects.length !== (feed ? 1 : 0)) return none;
  // arithmetic anywhere could assign the name; the read's own entry is the only one allowed
  for (const site of ex.arith ?? []) if (site.span.start < first.span.start || site.span.end > first.span.end) return none;
  for (const c of stage.slice(1)) {
    if (!sameCtx(c, first) || c.env.some((e) => e.name === name)) return none;
    for (const w of c.argv) if (!w.static ? w.raw.includes('=') && w.raw.includes(name) : w.value === name || w.value!.startsWith(name + '=')) return none;
  }
  return { first, name };
}

/** Give `while read` lines from a plain lister (see findListRoot) the lister's prefix. */
export function prefixLines(out: Invocation[], ex: Extraction, changed: Invocation[]): void {
  let memo: Map<string, StageVar> | undefined;
  for (const inv of out) {
    if (!inv.source.context.length || ((!inv.source.pipe || inv.source.pipe.index === 0) && !procsubFeed(inv.source))) continue;
    const name = lineVar(inv, ex, (memo ??= new Map()));
    if (name === null) continue;
    const root = itemRoot(inv, ex);
    if (root === null) continue;
    let args: Word[] | null = null;
    for (let i = 0; i < inv.args.length; i++) {
      const w = inv.args[i]!;
      const s = lineSlot(w, name);
      if (!s) continue;
      args ??= inv.args.slice();
      const gp = prefix(root);
      if (!s.before && !s.after) {
        const line = makeWord(w.span, LINE, false, undefined, LINE, ['command'], [], false, 0);
        line.globPrefix = gp;
        args[i] = line;
        continue;
      }
      // inside a word (~/"$f", "backup/$f"): each line there, like the glob BEFORE ROOT/ * AFTER
      const approx = s.before + gp + '*' + s.after;
      args[i] = globWord(w.span, approx, s.before + gp);
    }
    if (args) {
      inv.args = args;
      if (!changed.includes(inv)) changed.push(inv);
    }
  }
}
