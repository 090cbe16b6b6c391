import { describe, expect, it } from 'vitest';
import { IMMUNE_PROFILES } from '../../engine/index.ts';
import { engine, decide, file, CWD, HOME } from './helpers.ts';

describe('immune profiles', () => {
  const strict = engine('immune: strict');
  const cc = engine('immune: cc-2.1.126');
  it('strict: protected writes and credential reads keep asking in bypassPermissions', () => {
    expect(decide(strict, 'Write', file(`${CWD}/.claude/settings.json`), 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
    expect(decide(strict, 'Read', file(`${HOME}/.ssh/id_ed25519`), 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
    expect(decide(strict, 'Edit', file(`${HOME}/.bashrc`), 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
  });
  it('cc-2.1.126: protected writes and credential reads are allowed (silenced) in bypassPermissions', () => {
    expect(decide(cc, 'Write', file(`${CWD}/.vscode/settings.json`), 'bypassPermissions')).toMatchObject({ behavior: 'allow', silenced: true });
    expect(decide(cc, 'Read', file(`${HOME}/.ssh/id_ed25519`), 'bypassPermissions')).toMatchObject({ behavior: 'allow', silenced: true });
  });
  it('both: explicit ask rules stay asks in bypassPermissions', () => {
    for (const imm of ['strict', 'cc-2.1.126']) {
      const e = engine(`immune: ${imm}\nask: ["Read(./docs/**)"]`);
      expect(decide(e, 'Read', file(`${CWD}/docs/a.md`), 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
    }
  });
  it("both: the gate's own configuration stays an immune ask in bypassPermissions, by any tool", () => {
    for (const e of [strict, cc]) {
      for (const p of [`${CWD}/.gatelab.yaml`, `${CWD}/.claude/settings.json`, `${CWD}/.claude/settings.local.json`, `${HOME}/.claude/settings.json`])
        expect(decide(e, 'Write', file(p), 'bypassPermissions'), p).toMatchObject({ behavior: 'ask', immune: true });
      for (const c of ['echo "allow: [Bash]" > .gatelab.yaml', 'cp x.json .claude/settings.local.json', 'sed -i s/deny/allow/ ~/.claude/settings.json'])
        expect(decide(e, 'Bash', { command: c }, 'bypassPermissions'), c).toMatchObject({ behavior: 'ask', immune: true });
    }
  });
  it('.claude/worktrees is not protected', () => {
    expect(decide(strict, 'Write', file(`${CWD}/.claude/worktrees/x/a.ts`), 'acceptEdits').behavior).toBe('allow');
  });
  it('the profiles are data', () => {
    expect([...IMMUNE_PROFILES['cc-2.1.126'].classes]).toEqual(['criticalRemoval', 'gateConfigWrite']);
    expect(IMMUNE_PROFILES.strict.classes.has('protectedWrite')).toBe(true);
  });
  it('immune asks still become deny in plan and dontAsk, silenced', () => {
    for (const m of ['plan', 'dontAsk'] as const) {
      expect(decide(strict, 'Write', file(`${CWD}/.git/config`), m)).toMatchObject({ behavior: 'deny', silenced: true, immune: false });
    }
  });
});

describe('Glob and Grep', () => {
  const e = engine('deny: ["Read(//home/dev/private/**)", "Read(**/.env)"]');
  it('a search rooted in a denied folder is denied; one that may reach it asks (immune)', () => {
    expect(decide(e, 'Glob', { pattern: '*', path: `${HOME}/private` }).behavior).toBe('deny');
    expect(decide(e, 'Glob', { pattern: 'private/**', path: HOME }, 'bypassPermissions')).toMatchObject({ behavior: 'deny' });
    expect(decide(e, 'Grep', { pattern: 'x', path: HOME }, 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
    expect(decide(e, 'Grep', { pattern: 'TODO', path: `${CWD}/src` })).toMatchObject({ behavior: 'ask' });
  });
  it('without deny rules, searches inside the workspace are allowed', () => {
    expect(decide(engine(), 'Grep', { pattern: 'TODO', path: `${CWD}/src` }).behavior).toBe('allow');
    expect(decide(engine(), 'Glob', { pattern: '**/*.ts' }).behavior).toBe('allow');
    expect(decide(engine(), 'Glob', { pattern: '/etc/**' }).behavior).toBe('ask');
  });
});
