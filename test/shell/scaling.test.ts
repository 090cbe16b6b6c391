// Scaling and budgets: work stays linear, over-budget input is cheap, nothing ever throws.
// Work is measured with the parser's step counter (characters and tokens visited), never with time.
import { describe, expect, it } from 'vitest';
import { analyze, parse } from '../../engine/shell/index.ts';
import { HOME } from './helpers.ts';
import { DEFAULT_BUDGET } from '../../engine/shell/types.ts';
import { readFileSync } from 'node:fs';
import { PermissionEngine, loadPolicy } from '../../engine/index.ts';

const RAISED = { maxChars: 1 << 23, maxTokens: 1e9, maxDepth: 1e9, maxCommands: 1e9 };
const kinds = (x: { issues: { kind: string }[] }) => x.issues.map((i) => i.kind);

/** `inner` wrapped `n` times in open … close. */
const nest = (open: string, inner: string, close: string, n: number) => open.repeat(n) + inner + close.repeat(n);

describe('no stack overflow escapes (depth 5000, budgets lifted)', () => {
  it.each([
    ['"$(', 'echo ' + nest('"$(echo ', 'x', ')"', 5000)],
    ['$(', nest('$(', 'a', ')', 5000)],
    ['subshells', nest('( ', 'a', ' )', 5000)],
    ['groups', nest('{ ', 'a; ', '}; ', 5000)],
    ['if', nest('if a; then ', 'b; ', 'fi; ', 5000)],
    ['${x:-', 'echo ' + nest('${x:-', 'a', '}', 5000)],
    ['$((echo', 'echo ' + nest('$((echo ', 'x', ') )', 5000)],
    ['<(', 'cat ' + nest('<(cat ', 'x', ')', 5000)],
    ['"…" in $(', 'echo ' + nest('"$(echo "', '', '")"', 5000)],
  ])('%s', (_name, src) => {
    let x: ReturnType<typeof analyze> | undefined;
    expect(() => (x = analyze(src, { home: HOME, budget: RAISED }))).not.toThrow();
    // deep enough to exhaust the JS stack: it comes back as an issue (the engine then asks)
    expect(kinds(x!)).toContain('parse');
    expect(x!.issues.some((i) => /stack|internal/i.test(i.message))).toBe(true);
  });

  it('parse() never throws either', () => {
    expect(() => parse('echo ' + nest('"$(echo ', 'x', ')"', 5000), RAISED)).not.toThrow();
  });
});

describe('budgets stop the work at once', () => {
  it('the character budget is checked first: a 1 MiB input is not scanned at all', () => {
    const src = ')'.repeat(1 << 20); // a syntax error right at the start, never seen
    const x = analyze(src, { home: HOME });
    expect(kinds(x)).toEqual(['limit']);
    expect(x.stats.tokens).toBe(0);
    expect(parse(src).steps).toBe(0);
  });

  it.each([
    ['and-chain', (n: number) => 'true' + ' && echo ok'.repeat(n)],
    ['heredocs', (n: number) => 'cat <<EOF\nhello $USER\nEOF\n'.repeat(n)],
    ['pipes', (n: number) => 'a' + ' | b "$x"'.repeat(n)],
  ])('the token budget: work after it trips does not depend on the rest of the input (%s)', (_name, make) => {
    const budget = { maxChars: 1 << 23, maxTokens: 300 };
    const small = parse(make(1_000), budget);
    const big = parse(make(100_000), budget);
    expect(kinds(small)).toEqual(['limit']);
    expect(big.issues).toEqual(small.issues);
    expect(big.steps).toBe(small.steps);
  });

  it('the command budget lists exactly that many commands, then one limit issue', () => {
    const x = analyze('echo ok; '.repeat(1_000), { home: HOME });
    expect(x.commands).toHaveLength(DEFAULT_BUDGET.maxCommands);
    expect(x.issues.map((i) => i.message)).toEqual([`more than ${DEFAULT_BUDGET.maxCommands} commands`]);
  });

  it('the command budget stops the parse where it is spent (an unfinished item lists nothing)', () => {
    const n = DEFAULT_BUDGET.maxCommands;
    const x = analyze('true' + ' && echo ok'.repeat(1_000), { home: HOME });
    expect(x.commands).toHaveLength(0);
    expect(x.issues.map((i) => i.kind)).toEqual(['limit']);
    // the work does not depend on what follows the budget
    const tokens = (k: number) => analyze('true' + ' && echo ok'.repeat(k * n), { home: HOME }).stats.tokens;
    expect(tokens(4)).toBe(tokens(2));
    expect(tokens(2)).toBeLessThan(4 * n);
  });
});

describe('linear work', () => {
  const steps = (src: string) => parse(src, RAISED).steps;

  it.each([
    ['$((echo … ) ) retried as $( ( … ) )', (k: number) => 'echo ' + nest('$((echo ', 'x', ') )', k)],
    ['$(( … ) | a) retried as a pipeline', (k: number) => 'echo ' + nest('$((', 'x', ') | a)', k)],
    ['(( … ) ) at command position', (k: number) => nest('((', 'echo x', ') )', k)],
  ])('nested arithmetic retries parse each text once: %s', (_name, make) => {
    const s1 = steps(make(100));
    const s2 = steps(make(200));
    // was quadratic: each retry re-parsed everything inside it (4× the work for 2× the input)
    expect(s2 / s1).toBeLessThan(2.2);
  });

  it('a retry keeps the parse identical (tokens, depth and spans as a re-parse would give)', () => {
    const src = 'echo $((echo $((echo x) ) | cat <<E\n$(date)\nE\n) )';
    const x = analyze(src, { home: HOME });
    expect(x.issues).toEqual([]);
    expect(x.commands.map((c) => c.argv.map((w) => w.raw).join(' '))).toEqual(['echo $((echo $((echo x) ) | cat <<E\n$(date)\nE\n) )', 'echo $((echo x) )', 'echo x', 'cat', 'date']);
    // the figures the parser gave before replays existed (the failed attempts' tokens count too)
    expect(x.stats).toEqual({ chars: src.length, tokens: 27, maxDepth: 4, commands: 5 });
    expect(x.commands.map((c) => `${c.span.start}-${c.span.end}`)).toEqual(['0-49', '8-25', '16-22', '28-42', '38-42']);
  });

  it.each([
    ['and-chain', (n: number) => 'true' + ' && echo ok'.repeat(n)],
    ['deep quoting', (n: number) => 'echo ' + `"a'b"'c"d'\\"$'\\x41'`.repeat(n)],
    ['heredocs', (n: number) => 'cat <<EOF\nhello $USER\nEOF\n'.repeat(n)],
    ['one huge word', (n: number) => 'echo ' + 'a'.repeat(n)],
  ])('adversarial shape %s: 8× the input is at most 8× the work', (_name, make) => {
    expect(steps(make(8_000)) / steps(make(1_000))).toBeLessThan(8.1);
  });
});

describe('shared empty lists', () => {
  it('empty lists of the Extraction are one shared array, and a decision that wrote to it fails closed', () => {
    const [a, b] = analyze('ls; pwd', { home: HOME }).commands;
    expect(a!.env).toBe(b!.env);
    expect(a!.env).toBe(a!.argv[0]!.kinds);
    const engine = new PermissionEngine(loadPolicy(readFileSync('policies/default.yaml', 'utf8'), { file: 'policies/default.yaml' }));
    const ctx = { cwd: '/home/dev/app', home: '/home/dev' };
    const call = { tool: 'Bash', input: { command: 'ls' } };
    expect(engine.decide(call, ctx).behavior).toBe('allow');
    // something inside the decision writes to the shared list: that decision is an internal error
    const spy = { tool: 'Bash', input: { get command() { (a!.redirects as unknown[]).push(1); return 'ls'; } } };
    const bad = engine.decide(spy, ctx);
    expect(bad.behavior).toBe('ask');
    expect(bad.message).toMatch(/internal error/);
    // and the list is empty again for the next one
    expect(a!.redirects.length).toBe(0);
    expect(engine.decide(call, ctx).behavior).toBe('allow');
  });
});
