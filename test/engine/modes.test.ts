import { describe, expect, it } from 'vitest';
import { MODES, MODE_NAMES, applyMode, type ModeName } from '../../engine/index.ts';
import { engine, decide, file, bash, CWD } from './helpers.ts';

// One representative call per row of the contract's mode table (§3).
const POLICY = `
allow: ["Bash(npm test)"]
deny: ["Read(./secret.txt)"]
`;
const e = engine(POLICY);
const rows = {
  deny: () => decide(e, 'Read', file(`${CWD}/secret.txt`), current),
  allowReadOnly: () => decide(e, 'Read', file(`${CWD}/src/a.ts`), current),
  allowEffects: () => decide(e, 'Bash', bash('npm test'), current),
  askWorkspaceEdit: () => decide(e, 'Edit', file(`${CWD}/src/a.ts`), current),
  askOutside: () => decide(e, 'Edit', file('/etc/hosts'), current),
  askImmune: () => decide(e, 'Edit', file(`${CWD}/.git/config`), current),
};
let current: ModeName = 'default';

// Expected outcomes written from the contract's table, not from the engine.
const TABLE: Record<keyof typeof rows, Record<ModeName, string>> = {
  deny: { default: 'deny', acceptEdits: 'deny', plan: 'deny', bypassPermissions: 'deny', dontAsk: 'deny', auto: 'deny' },
  allowReadOnly: { default: 'allow', acceptEdits: 'allow', plan: 'allow', bypassPermissions: 'allow', dontAsk: 'allow', auto: 'allow' },
  allowEffects: { default: 'allow', acceptEdits: 'allow', plan: 'deny', bypassPermissions: 'allow', dontAsk: 'allow', auto: 'allow' },
  // auto: the guarded reviewer settles a workspace edit (allow) and refuses a write outside it.
  askWorkspaceEdit: { default: 'ask', acceptEdits: 'allow', plan: 'deny', bypassPermissions: 'allow', dontAsk: 'deny', auto: 'allow' },
  askOutside: { default: 'ask', acceptEdits: 'ask', plan: 'deny', bypassPermissions: 'allow', dontAsk: 'deny', auto: 'deny' },
  askImmune: { default: 'ask', acceptEdits: 'ask', plan: 'deny', bypassPermissions: 'ask', dontAsk: 'deny', auto: 'ask' },
};

describe('the mode table', () => {
  it('has the five contract modes and auto, in order', () => {
    expect(MODE_NAMES).toEqual(['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk', 'auto']);
  });
  for (const [row, byMode] of Object.entries(TABLE)) {
    for (const mode of MODE_NAMES) {
      it(`${row} in ${mode} → ${byMode[mode]}`, () => {
        current = mode;
        const d = rows[row as keyof typeof rows]();
        expect(d.behavior).toBe(byMode[mode]);
        const wasAsk = row.startsWith('ask');
        // A judge's verdict is the result before the mode step, so it is not silenced.
        expect(d.silenced).toBe(wasAsk && d.behavior !== 'ask' && d.reason.type !== 'judge');
        expect(d.immune).toBe(row === 'askImmune' && d.behavior === 'ask');
        expect(d.mode).toBe(mode);
      });
    }
  }
  it('applyMode reads only the table', () => {
    const row = { ...MODES[0]!, mode: 'default' as const, ask: 'allowIfWorkspaceEdit' as const };
    expect(applyMode(row, 'ask', true)).toBe('allow');
    expect(applyMode(row, 'ask', false)).toBe('ask');
  });
});

describe('pipeline order', () => {
  it('a tool-wide ask rule makes an allow an immune ask that bypass keeps', () => {
    const e2 = engine('ask: ["Read"]');
    const d = decide(e2, 'Read', file(`${CWD}/a.ts`), 'bypassPermissions');
    expect(d).toMatchObject({ behavior: 'ask', immune: true });
    expect(d.reason).toMatchObject({ type: 'rule', rule: 'Read' });
  });
  it('a tool-wide deny ends before the tool check', () => {
    const d = decide(engine('deny: ["WebFetch"]'), 'WebFetch', { url: 'https://nodejs.org/' }, 'bypassPermissions');
    expect(d).toMatchObject({ behavior: 'deny', reason: { type: 'rule', rule: 'WebFetch' } });
  });
  it('a tool-wide allow rule allows an ordinary ask but never an immune one', () => {
    const e2 = engine('allow: ["Edit"]');
    expect(decide(e2, 'Edit', file('/etc/hosts')).behavior).toBe('allow');
    expect(decide(e2, 'Edit', file(`${CWD}/.git/HEAD`)).behavior).toBe('ask');
  });
  it('a tool-wide allow rule does not let plan run an action with effects', () => {
    const e2 = engine('allow: ["Edit", "Read"]');
    expect(decide(e2, 'Edit', file('/etc/hosts'), 'plan').behavior).toBe('deny');
    expect(decide(e2, 'Read', file('/etc/hosts'), 'plan').behavior).toBe('allow');
  });
  it('dontAsk allows pre-approved tools', () => {
    expect(decide(engine('allow: ["mcp__docs"]'), 'mcp__docs__search', { q: 'x' }, 'dontAsk').behavior).toBe('allow');
    expect(decide(engine(), 'mcp__docs__search', { q: 'x' }, 'dontAsk')).toMatchObject({ behavior: 'deny', silenced: true });
  });
  it('malformed input is denied with the field named', () => {
    const d = decide(engine(), 'Read', { file_path: 3 });
    expect(d.behavior).toBe('deny');
    expect(d.reason.type).toBe('input');
    expect(d.message).toContain('file_path');
  });
  it('an unknown tool asks and says so', () => {
    const d = decide(engine(), 'Frobnicate', {}, 'default');
    expect(d.behavior).toBe('ask');
    expect(d.message).toContain('unknown tool');
  });
});

describe('readsWorkspaceEdit', () => {
  it('holds for exactly the rows with an allowIfWorkspaceEdit outcome (acceptEdits)', async () => {
    const { readsWorkspaceEdit } = await import('../../engine/pipeline/modes.ts');
    expect(MODES.filter(readsWorkspaceEdit).map((m) => m.mode)).toEqual(['acceptEdits']);
  });

  it('a Bash workspace edit is still allowed in acceptEdits (the flag is worked out there)', () => {
    expect(decide(engine(), 'Bash', bash('mkdir -p build/out'), 'acceptEdits').behavior).toBe('allow');
    expect(decide(engine(), 'Bash', bash('mkdir -p build/out'), 'default').behavior).toBe('ask');
  });
});
