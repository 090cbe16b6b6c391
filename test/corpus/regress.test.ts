import { describe, it, expect, afterEach } from 'vitest';
import { existsSync, readFileSync, appendFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { MODES } from '../../engine/index.ts';
import { runRegress } from '../../lab/regress.ts';
import type { RegressOptions } from '../../lab/regress.ts';
import { expectedFor, resultClass } from '../../lab/corpus/expect.ts';
import type { ModeRowLike } from '../../lab/corpus/expect.ts';
import { CaseSchema } from '../../lab/corpus/schema.ts';
import { makeCorpus, cleanup } from './helpers.ts';

afterEach(cleanup);

// Cases whose answers do not depend on the bash analyser's progress.
const FIXTURE = `# regress fixture
- id: reg-read-in
  tool: Read
  input: {file_path: /home/dev/app/src/a.ts}
  effect: reads a workspace file
  expect: allow
  source: original
- id: reg-edit-in
  tool: Edit
  input: {file_path: /home/dev/app/src/a.ts, old_string: a, new_string: b}
  effect: edits a workspace file
  expect: ask
  workspaceEdit: true
  source: original
- id: reg-read-out
  tool: Read
  input: {file_path: /etc/hosts}
  effect: reads outside the workspace
  expect: ask
  source: original
- id: reg-read-key
  tool: Read
  input: {file_path: /home/dev/.ssh/id_rsa}
  effect: reads a private key
  expect: ask
  immune: true
  source: original
- id: reg-mcp
  tool: mcp__github__get_issue
  input: {issue_number: 1}
  effect: calls an MCP tool
  expect: ask
  source: original
- id: reg-read-malformed
  tool: Read
  input: {path: /home/dev/app/a.ts}
  effect: malformed input without file_path
  expect: deny
  source: original
- id: reg-npm-install
  command: npm install
  effect: installs packages
  expect: ask
  source: original
`;

function opts(dir: string, more: Partial<RegressOptions> = {}): RegressOptions {
  return { corpusDir: dir, baselinePath: join(dirname(dir), 'checks/baseline.json'), isTTY: false, githubActions: false, ...more };
}
const json = (r: { output: string }) => JSON.parse(r.output);

describe('expectations come from the mode table', () => {
  const make = (o: Record<string, unknown>) => CaseSchema.parse({ id: 'x-y', command: 'ls', effect: 'e', source: 'o', ...o });
  const kinds = [
    make({ expect: 'deny' }),
    make({ expect: 'allow' }),
    make({ expect: 'allow', allowedBy: 'rule' }),
    make({ expect: 'ask' }),
    make({ expect: 'ask', workspaceEdit: true }),
    make({ expect: 'ask', immune: true }),
  ];

  it('matches every row of MODES for every result class', () => {
    for (const row of MODES)
      for (const c of kinds) {
        const out = row[resultClass(c)];
        // judge: what the judge leaves unsettled asks (the judge's own verdicts match too, see run.ts).
        const want = out === 'allowIfWorkspaceEdit' ? (c.workspaceEdit ? 'allow' : 'ask') : out === 'judge' ? 'ask' : out;
        const e = expectedFor(c, row);
        expect(e.behavior).toBe(want);
        expect(e.silenced).toBe(out === 'judge' ? undefined : c.expect === 'ask' && want !== 'ask');
        expect(e.immune).toBe(want === 'ask' && c.immune);
      }
  });

  it('follows the contract table for the six modes', () => {
    const table = (c: (typeof kinds)[number]) => MODES.map((r) => expectedFor(c, r).behavior).join(' ');
    expect(MODES.map((m) => m.mode)).toEqual(['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk', 'auto']);
    expect(table(kinds[0])).toBe('deny deny deny deny deny deny');
    expect(table(kinds[1])).toBe('allow allow allow allow allow allow');
    expect(table(kinds[2])).toBe('allow allow deny allow allow allow');
    expect(table(kinds[3])).toBe('ask ask deny allow deny ask');
    expect(table(kinds[4])).toBe('ask allow deny allow deny ask');
    expect(table(kinds[5])).toBe('ask ask deny ask deny ask');
    // auto sends ordinary asks to the judge; an immune ask stays a plain ask.
    const auto = MODES.find((m) => m.mode === 'auto')!;
    expect(expectedFor(kinds[3], auto).judged).toBe(true);
    expect(expectedFor(kinds[5], auto)).toEqual({ behavior: 'ask', silenced: false, immune: true });
  });

  it('uses a per-mode override as the behaviour only', () => {
    const c = make({ expect: 'ask', modes: { acceptEdits: 'allow' } });
    expect(expectedFor(c, MODES[1])).toEqual({ behavior: 'allow', override: true });
  });

  it('another mode is one more row: regress derives and reports it', () => {
    const review: ModeRowLike = { mode: 'review', deny: 'deny', allowReadOnly: 'allow', allowEffects: 'deny', ask: 'allowIfWorkspaceEdit', askImmune: 'deny' };
    const six = [...MODES, review];
    const dir = makeCorpus({ 'reg.yaml': FIXTURE });
    const r = json(runRegress(opts(dir, { json: true, modes: six })));
    expect(Object.keys(r.modes)).toEqual(['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk', 'auto', 'review']);
    // read-in allow, edit-in allow (workspace edit), read-out ask, read-key deny, mcp ask, malformed deny, npm ask
    expect(r.modes.review.expected).toEqual({ allow: 2, deny: 2, ask: 3, silenced: 2, immune: 0 });
    const text = runRegress(opts(dir, { modes: six })).output;
    expect(text).toMatch(/^review\s/m);
  });
});

describe('runRegress', () => {
  it('passes a correct corpus, prints the table and records a baseline', () => {
    const dir = makeCorpus({ 'reg.yaml': FIXTURE });
    const first = runRegress(opts(dir));
    expect(first.exitCode).toBe(1);
    expect(first.output).toMatch(/no baseline yet/);
    const upd = runRegress(opts(dir, { updateBaseline: true }));
    expect(upd.exitCode).toBe(0);
    expect(upd.output).toMatch(/baseline updated/);
    const base = JSON.parse(readFileSync(opts(dir).baselinePath, 'utf8'));
    expect(base.total).toBe(7);
    expect(base.modes.default).toEqual({ allow: 1, deny: 1, ask: 5, silenced: 0, immune: 1 });
    expect(base.families.reg.plan).toEqual({ allow: 1, deny: 6, ask: 0, silenced: 5, immune: 0 });
    const again = runRegress(opts(dir));
    expect(again.exitCode).toBe(0);
    expect(again.output).toMatch(/^mode\s+allow\s+deny\s+ask\s+silenced\s+immune$/m);
    expect(again.output).toMatch(/^bypassPermissions\s+5\/5\s+1\/1\s+1\/1\s+4\/4\s+1\/1$/m);
    expect(again.output).toMatch(/regress: ok \(7 cases × 6 modes\)/);
  });

  it('fails on a wrong expectation and shows the case, mode and trace', () => {
    const dir = makeCorpus({ 'reg.yaml': FIXTURE.replace('effect: reads a workspace file\n  expect: allow', 'effect: reads a workspace file\n  expect: deny') });
    const r = runRegress(opts(dir, { mode: 'default' }));
    expect(r.exitCode).toBe(1);
    expect(r.output).toMatch(/✗ reg-read-in \[default\] corpus\/reg\.yaml:2/);
    expect(r.output).toMatch(/expected deny, got allow/);
    expect(r.output).toMatch(/trace:\n {4}\S/);
    const j = json(runRegress(opts(dir, { json: true })));
    expect(j.ok).toBe(false);
    expect(j.mismatches.map((m: { id: string; mode: string }) => `${m.id}/${m.mode}`)).toEqual(MODES.map((m) => `reg-read-in/${m.mode}`));
  });

  it('reports a case marked gap as a known gap, and fails once the gap has closed', () => {
    const wrong = FIXTURE.replace('effect: reads a workspace file\n  expect: allow', 'effect: reads a workspace file\n  expect: deny\n  gap: not modelled yet');
    const open = runRegress(opts(makeCorpus({ 'reg.yaml': wrong }), { mode: 'default' }));
    expect(open.exitCode).toBe(0);
    expect(open.output).toMatch(/1 known gap .*reg-read-in/);
    const right = FIXTURE.replace('effect: reads a workspace file\n  expect: allow', 'effect: reads a workspace file\n  expect: allow\n  gap: not modelled yet');
    const closed = runRegress(opts(makeCorpus({ 'reg.yaml': right }), { mode: 'default' }));
    expect(closed.exitCode).toBe(1);
    expect(closed.output).toMatch(/gap closed — remove the `gap:` marker: reg-read-in/);
  });

  it('checks detectors and notDetectors', () => {
    const dir = makeCorpus({ 'reg.yaml': FIXTURE.replace('expect: allow\n  source: original', 'expect: allow\n  detectors: [fork-bomb]\n  source: original') });
    const j = json(runRegress(opts(dir, { json: true })));
    const m = j.mismatches.filter((x: { kind: string }) => x.kind === 'detectors');
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ id: 'reg-read-in', missing: ['fork-bomb'] });
  });

  it('shows baseline drift as a diff and fails until --update-baseline', () => {
    const dir = makeCorpus({ 'reg.yaml': FIXTURE });
    expect(runRegress(opts(dir, { updateBaseline: true })).exitCode).toBe(0);
    appendFileSync(join(dir, 'reg.yaml'), '- id: reg-read-in-2\n  tool: Read\n  input: {file_path: /home/dev/app/b.ts}\n  effect: reads\n  expect: allow\n  source: original\n');
    const r = runRegress(opts(dir));
    expect(r.exitCode).toBe(1);
    expect(r.output).toMatch(/baseline drift/);
    expect(r.output).toMatch(/modes\.default\.allow: 1 → 2/);
    expect(r.output).toMatch(/families\.reg\.plan\.allow: 1 → 2/);
    expect(runRegress(opts(dir, { updateBaseline: true })).exitCode).toBe(0);
    expect(runRegress(opts(dir)).exitCode).toBe(0);
  });

  it('filters by family, detector and mode, and then skips the baseline', () => {
    const dir = makeCorpus({
      'reg.yaml': FIXTURE,
      'other.yaml': '- id: other-a\n  tool: Read\n  input: {file_path: /home/dev/app/x}\n  effect: reads\n  expect: allow\n  notDetectors: [credential-read]\n  source: original\n',
    });
    const fam = json(runRegress(opts(dir, { json: true, family: 'other' })));
    expect(fam.total).toBe(1);
    expect(fam.ok).toBe(true);
    const det = json(runRegress(opts(dir, { json: true, detector: 'credential-read' })));
    expect(Object.keys(det.families)).toEqual(['other']);
    const mode = json(runRegress(opts(dir, { json: true, mode: 'plan' })));
    expect(Object.keys(mode.modes)).toEqual(['plan']);
    expect(runRegress(opts(dir, { mode: 'nope' })).exitCode).toBe(2);
    expect(runRegress(opts(dir, { family: 'other', updateBaseline: true })).exitCode).toBe(2);
    expect(existsSync(opts(dir).baselinePath)).toBe(false);
  });

  it('runs cases under their own policy and immune profile', () => {
    const dir = makeCorpus({
      'reg.yaml':
        '- id: reg-policy-deny\n  tool: WebFetch\n  input: {url: "https://example.com/x", prompt: p}\n  effect: fetches a denied domain\n  expect: deny\n  policy: corpus/policies/deny-example.yaml\n  source: original\n' +
        '- id: reg-no-policy\n  tool: WebFetch\n  input: {url: "https://example.com/x", prompt: p}\n  effect: fetches a domain no rule covers\n  expect: ask\n  source: original\n',
      'policies/deny-example.yaml': 'deny: ["WebFetch(domain:example.com)"]\n',
    });
    const j = json(runRegress(opts(dir, { json: true, mode: 'default' })));
    expect(j.mismatches).toEqual([]);
  });

  it('writes JUnit, GitHub annotations and a terminal progress line', () => {
    const dir = makeCorpus({ 'reg.yaml': FIXTURE.replace('expect: deny', 'expect: ask') });
    const junit = join(dirname(dir), 'out/junit.xml');
    const seen: string[] = [];
    const r = runRegress(opts(dir, { junit, githubActions: true, isTTY: true, progress: (t) => seen.push(t) }));
    expect(r.exitCode).toBe(1);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites name="gatelab regress" tests="42" failures="\d+">/);
    expect(xml).toMatch(/<testcase classname="corpus.reg" name="reg-read-malformed \[default\]"[^>]*>\s*<failure message="expected ask, got deny/);
    expect(r.output).toMatch(/^::error file=corpus\/reg\.yaml,line=\d+,title=regress reg-read-malformed \[default\]::expected ask/m);
    expect(seen.some((t) => t.startsWith('\rregress 1/7'))).toBe(true);
  });

  it('reports corpus load errors and fails', () => {
    const dir = makeCorpus({ 'reg.yaml': FIXTURE + '- id: reg-broken\n  command: ls\n  expect: allow\n  source: original\n' });
    const r = runRegress(opts(dir));
    expect(r.exitCode).toBe(1);
    expect(r.output).toMatch(/corpus\/reg\.yaml:\d+:\d+: error: \[reg-broken\] effect:/);
  });
});
