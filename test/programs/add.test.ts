// addPrograms / programSpec (engine/index.ts): a host adds a spec for a program the table does not
// know, and the engine's effect checks follow its roles; a built-in name is never replaced.
import { describe, expect, it } from 'vitest';
import { addPrograms, programSpec, PermissionEngine } from '../../engine/index.ts';

const ctx = { cwd: '/home/dev/app', home: '/home/dev', workspace: ['/home/dev/app'] };
const decide = (e: PermissionEngine, command: string) => e.decide({ tool: 'Bash', input: { command } }, ctx);

describe('addPrograms', () => {
  it('a write role on an option makes a protected target an immune ask; removing the spec restores the unknown program', () => {
    const e = new PermissionEngine('mode: default\n');
    const undo = addPrograms([programSpec('test', 'zzpack', 'o|output:write', 'read*', { pure: true })]);
    try {
      const d = decide(e, 'zzpack --output ~/.ssh/authorized_keys key.pub');
      expect(d.behavior).toBe('ask');
      expect(d.immune).toBe(true);
      expect(decide(e, 'zzpack notes.txt').behavior).toBe('allow');
    } finally {
      undo();
    }
    expect(decide(e, 'zzpack notes.txt').behavior).toBe('ask');
  });

  it('refuses a name that already has a spec', () => {
    expect(() => addPrograms([programSpec('test', 'rm', '', 'read*', { pure: true })])).toThrow(/already has a spec/);
  });
});
