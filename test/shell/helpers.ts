// Small helpers for the shell analyser tests. Standard context: home /home/dev.
import { analyze, parse, print } from '../../engine/shell/index.ts';
import type { Extraction, SimpleCommand, Word } from '../../engine/shell/types.ts';

export const HOME = '/home/dev';

export function an(src: string): Extraction {
  return analyze(src, { home: HOME });
}

/** A word as a short string: its static value, or <kinds:approx>. */
export function show(w: Word): string {
  if (w.braces) return '{' + w.braces.map(show).join('|') + '}';
  return w.static ? w.value! : `<${w.kinds.join(',')}:${w.approx}>`;
}

/** Each command as `argv joined by spaces`. */
export function cmds(src: string): string[] {
  return an(src).commands.map((c) => c.argv.map(show).join(' '));
}

/** Commands with their context chain: `ctx1/ctx2: argv`. */
export function withCtx(src: string): string[] {
  return an(src).commands.map((c: SimpleCommand) => `${c.context.map((e) => e.kind).join('/')}: ${c.argv.map(show).join(' ')}`);
}

export function issues(src: string): string[] {
  return an(src).issues.map((i) => i.kind);
}

export function argv0(src: string): Word {
  return an(src).commands[0]!.argv[0]!;
}

/** Strip spans (and other position-only fields) for tree comparison. */
export function noSpans(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(noSpans);
  if (x && typeof x === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) if (k !== 'span') o[k] = noSpans(v);
    return o;
  }
  return x;
}

export function roundTrip(src: string, budget?: Parameters<typeof parse>[1]): { a: unknown; b: unknown; printed: string; issues: string[] } {
  const p1 = parse(src, budget);
  const printed = print(p1.ast);
  const p2 = parse(printed, budget);
  return { a: noSpans(p1.ast), b: noSpans(p2.ast), printed, issues: [...p1.issues, ...p2.issues].map((i) => i.message) };
}
