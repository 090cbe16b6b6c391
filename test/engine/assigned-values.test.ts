// A name given a static value earlier in the same command holds it when expanded later.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PermissionEngine, loadPolicy } from '../../engine/index.ts';

const policy = loadPolicy(readFileSync('policies/default.yaml', 'utf8'), { file: '/work/policies/default.yaml', skipExamples: true });
const e = new PermissionEngine(policy);
const d = (command: string, mode: 'default' | 'bypassPermissions' = 'default') => e.decide({ tool: 'Bash', input: { command } }, { cwd: '/home/dev/app', home: '/home/dev', mode });

describe('assigned values', () => {
  it('a critical path held by a variable is deleted as that path', () => {
    for (const c of ['dir=~; rm -rf "$dir"', 'export D=/etc; rm -rf $D', 'T=/usr && rm -rf "${T}"', 'local x=/; rm -rf $x']) expect(d(c).behavior, c).toBe('deny');
  });
  it('a secret held by a variable is a credential read', () => {
    expect(d('f=~/.ssh/id_rsa; cat "$f"', 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
  });
  it('a harmless value does not lower what the word could be otherwise', () => {
    expect(d('d=build; rm -rf "$d"').behavior).not.toBe('allow');
  });
});

describe('what $(…) prints', () => {
  it('pwd and the toplevel are the cwd and the workspace', () => {
    expect(d('rm -rf "$(pwd)"').behavior).toBe('deny');
    expect(d('cat "$(git rev-parse --show-toplevel)/package.json"').behavior).toBe('allow');
    expect(d('cat "$(pwd)/.env"', 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
    expect(d('cat "$(whoami)/x"').behavior).not.toBe('allow');
  });
});

describe('a cd that may fail', () => {
  it('what follows ; is also judged where the shell was', () => {
    expect(d('cd build; rm -rf *', 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
    expect(d('cd build && rm -rf *').behavior).not.toBe('deny');
    expect(d('cd src; cat ../README.md').behavior).toBe('allow');
  });
});
