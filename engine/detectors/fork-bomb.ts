// Processes that multiply without bound: a fork bomb. Two shapes, both read from the command's
// structure, not its spelling:
//  - the call graph: a cycle of functions (f calls f, a calls b calls a) where some call on the
//    cycle starts a copy in a pipeline or in the background, so copies run side by side;
//  - a loop whose condition never fails (while true, while :, until false, for ((;;))) and whose
//    body starts a background process of its own (not one inside a subshell it waits for) with
//    no break, exit or return out of the loop.
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import type { ContextEntry, Extraction, SimpleCommand } from '../shell/types.ts';
import { finding } from './util.ts';

const meta: DetectorMeta = {
  id: 'fork-bomb',
  family: 'destructive',
  title: 'Fork bomb',
  rationale: 'Functions or endless loops that spawn copies side by side exhaust the process table and hang the machine.',
  behaviour: 'deny',
  examples: {
    bad: [
      ':(){ :|:& };:',
      'bomb() { bomb | bomb & }; bomb',
      'f(){ f & f & }; f',
      'a() { b | b & }; b() { a | a & }; a',
      "while true; do sh -c 'sleep 100' & done",
      'until false; do sleep 9 & done',
      'for ((;;)); do yes > /dev/null & done',
    ],
    good: [
      'f() { echo hi; }; f',
      'countdown() { echo 1; }; countdown | cat',
      'yes | head -n 3',
      'a() { b; }; b() { echo x; }; a',
      'for i in 1 2 3; do sleep 1 & done; wait',
      'while true; do sleep 1 & break; done',
    ],
  },
};

/** The innermost function whose body holds this command, if any. */
function enclosingFunction(sc: SimpleCommand): string | null {
  for (let i = sc.context.length - 1; i >= 0; i--) {
    const e = sc.context[i]!;
    if (e.kind === 'function') return e.name ?? null;
  }
  return null;
}

function name(sc: SimpleCommand): string | null {
  const w = sc.argv[0];
  return w && w.static ? (w.value ?? null) : null;
}

const LEAVES = new Set(['break', 'exit', 'return', 'exec']);

/** Where the body of a while/until loop starts (just after `do`), or -1. */
function bodyStart(head: string): number {
  for (let i = 0; i + 2 <= head.length; i++) {
    if (head.slice(i, i + 2) !== 'do') continue;
    const before = head.slice(0, i).trimEnd();
    const after = head[i + 2];
    if ((before.endsWith(';') || before.endsWith('\n')) && (after === undefined || ' \t\n;'.includes(after))) return i + 2;
  }
  return -1;
}

/** True when a loop's condition can never end it. */
function endless(loop: ContextEntry, ex: Extraction): boolean {
  const head = ex.source.slice(loop.span.start, loop.span.end);
  const word = head.slice(0, 5);
  if (head.startsWith('for') && head.slice(3).trimStart().startsWith('((')) {
    // for (( init; cond; step )): an empty condition, or a nonzero number, is always true
    const open = head.indexOf('((');
    const parts = head.slice(open + 2).split(';');
    if (parts.length < 3) return false;
    const c = parts[1]!.trim();
    return c === '' || (c !== '' && [...c].every((ch) => ch >= '0' && ch <= '9') && Number(c) !== 0);
  }
  if (word !== 'while' && word !== 'until') return false; // for x in …, select: bounded by their words
  const body = bodyStart(head);
  if (body < 0) return false;
  const want = word === 'while';
  const doAt = loop.span.start + body;
  const cond = ex.commands.filter((c) => c.span.start < doAt && innermostLoop(c)?.span.start === loop.span.start);
  if (cond.length === 0) {
    // `while (( 1 ))`, `until (( 0 ))`, `while [[ x ]]`: a test with static operands, not a command
    const test = head.slice(5, head.lastIndexOf(';', body)).trim();
    return constantTest(test) === want;
  }
  return cond.every((c) => c.redirects.length === 0 && status(c) === want);
}

/** A condition command whose exit status never changes: true for success, false for failure, else null. */
function status(sc: SimpleCommand): boolean | null {
  const v = sc.argv.map((w) => (w.static ? w.value! : null));
  const n = v[0];
  if (v.some((x) => x === null)) return null;
  if (n === 'true' || n === ':') return v.length === 1 ? true : n === ':' ? true : null;
  if (n === 'false') return v.length === 1 ? false : null;
  if (n === 'test') return testOf(v.slice(1) as string[]);
  if (n === '[' && v[v.length - 1] === ']') return testOf(v.slice(1, -1) as string[]);
  return null;
}

/** test's result for static operands (one string, or a binary string or integer comparison). */
function testOf(a: string[]): boolean | null {
  if (a.length === 0) return false;
  if (a.length === 1) return a[0] !== '';
  if (a.length !== 3) return null;
  const [x, op, y] = a as [string, string, string];
  if (op === '=' || op === '==') return x === y;
  if (op === '!=') return x !== y;
  const int = (t: string) => (t !== '' && [...t].every((c) => c >= '0' && c <= '9') ? Number(t) : null);
  const i = int(x);
  const j = int(y);
  if (i === null || j === null) return null;
  switch (op) {
    case '-eq': return i === j;
    case '-ne': return i !== j;
    case '-lt': return i < j;
    case '-le': return i <= j;
    case '-gt': return i > j;
    case '-ge': return i >= j;
    default: return null;
  }
}

/** `(( N ))` with an integer literal, or `[[ WORD ]]` with a plain word: its constant result, else null. */
function constantTest(t: string): boolean | null {
  if (t.startsWith('((') && t.endsWith('))')) {
    const e = t.slice(2, -2).trim();
    return e !== '' && [...e].every((c) => c >= '0' && c <= '9') ? Number(e) !== 0 : null;
  }
  if (t.startsWith('[[') && t.endsWith(']]')) {
    const e = t.slice(2, -2).trim();
    return e !== '' && [...e].every((c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) ? true : null;
  }
  return null;
}

function innermostLoop(sc: SimpleCommand): ContextEntry | undefined {
  for (let i = sc.context.length - 1; i >= 0; i--) if (sc.context[i]!.kind === 'loop') return sc.context[i];
  return undefined;
}

function inLoop(sc: SimpleCommand, loop: ContextEntry): boolean {
  return sc.context.some((e) => e.kind === 'loop' && e.span.start === loop.span.start && e.span.end === loop.span.end);
}

const SUBSHELLS = new Set(['subshell', 'cmdsub', 'procsub']);

/**
 * A job the loop's own shell puts in the background: the loop goes on at once, so copies pile up.
 * `(sleep 1 &)` is a foreground subshell the loop waits for; its job is the subshell's, not the loop's.
 */
function loopsOwnJob(sc: SimpleCommand, loop: ContextEntry, source: string): boolean {
  if (!sc.background) return false;
  const at = sc.context.findIndex((e) => e.kind === 'loop' && e.span.start === loop.span.start && e.span.end === loop.span.end);
  if (at < 0) return false;
  const sub = sc.context.slice(at + 1).find((e) => SUBSHELLS.has(e.kind));
  // `( … ) &`: the subshell itself is the loop's background job
  return !sub || (sub.kind === 'subshell' && backgrounded(source, sub.span.end));
}

/** `while true; do job & wait; done`: a bare wait later in the same body ends each pass's job first. */
function waitedInLoop(job: SimpleCommand, members: SimpleCommand[], source: string): boolean {
  return members.some((w) => {
    if (w.span.start < job.span.end || w.background || w.pipe || w.argv.length !== 1 || !w.argv[0]!.static || w.argv[0]!.value !== 'wait') return false;
    // the wait's shell is the loop's: its context is a prefix of the job's (`( yes ) & wait` too)
    if (w.context.length > job.context.length || w.context.some((e, i) => e.kind !== job.context[i]!.kind || e.span.start !== job.context[i]!.span.start)) return false;
    const before = source.slice(0, w.span.start).trimEnd();
    return !before.endsWith('&&') && !before.endsWith('||');
  });
}

/** Is the construct ending at `end` followed by a lone `&`? */
function backgrounded(source: string, end: number): boolean {
  let i = end;
  while (source[i] === ' ' || source[i] === '\t') i++;
  return source[i] === '&' && source[i + 1] !== '&' && source[i + 1] !== '>';
}

export const forkBomb: Detector = {
  meta,
  check(inv) {
    if (!inv.program.static) return [];
    const sc = inv.source;
    if (!sc.pipe && !sc.background) return [];
    const name = inv.program.value ?? '';
    let inside = false;
    for (const c of sc.context) if (c.kind === 'function' && c.name === name) inside = true;
    if (!inside) return [];
    return [finding(meta, inv, `function ${inv.program.value} calls itself ${sc.background ? 'in the background' : 'in a pipeline'}`)];
  },
  checkSource(_source: string, ex: Extraction) {
    const out: Finding[] = [];
    // call graph between the functions this command defines (self-calls are checked per invocation)
    if (ex.functions.length > 0) {
      const fns = new Set(ex.functions);
      const edges = new Map<string, Set<string>>();
      const spawning: { from: string; to: string; sc: SimpleCommand }[] = [];
      for (const sc of ex.commands) {
        const to = name(sc);
        const from = enclosingFunction(sc);
        if (!to || !from || !fns.has(to)) continue;
        let set = edges.get(from);
        if (!set) edges.set(from, (set = new Set()));
        set.add(to);
        if ((sc.pipe || sc.background) && from !== to) spawning.push({ from, to, sc });
      }
      const reaches = (a: string, b: string): boolean => {
        const seen = new Set<string>([a]);
        const todo = [a];
        while (todo.length) {
          const x = todo.pop()!;
          if (x === b) return true;
          for (const y of edges.get(x) ?? []) if (!seen.has(y)) (seen.add(y), todo.push(y));
        }
        return false;
      };
      for (const s of spawning) {
        if (!reaches(s.to, s.from)) continue;
        out.push({ detector: meta.id, family: meta.family, behavior: 'deny', message: `functions ${s.from} and ${s.to} call each other, starting copies side by side`, span: s.sc.span });
        break;
      }
    }
    // endless loops that start background processes
    // (the map is made only when a command sits in a loop: most commands are in none)
    let loops: Map<number, ContextEntry> | null = null;
    for (const sc of ex.commands) for (const e of sc.context) if (e.kind === 'loop') (loops ??= new Map()).set(e.span.start, e);
    if (loops === null) return out;
    for (const loop of loops.values()) {
      const members = ex.commands.filter((c) => inLoop(c, loop));
      const bg = members.find((c) => c.conditional && loopsOwnJob(c, loop, ex.source) && !waitedInLoop(c, members, ex.source));
      if (!bg) continue;
      if (members.some((c) => LEAVES.has(name(c) ?? '') || (c.argv[0] && !c.argv[0].static))) continue;
      if (!endless(loop, ex)) continue;
      out.push({ detector: meta.id, family: meta.family, behavior: 'deny', message: 'an endless loop starts background processes without bound', span: loop.span });
    }
    return out;
  },
};
