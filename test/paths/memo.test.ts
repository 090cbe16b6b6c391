// The path memo (classifyPath keeps answers across decisions without an fs port): an answer seen
// again is the same, one for another context is that context's own, and nobody can change one.
import { describe, expect, it } from 'vitest';
import { classifyPath, type PathContext } from '../../engine/paths/index.ts';
import type { FsPort } from '../../engine/types.ts';

const A: PathContext = { cwd: '/w/proj', home: '/home/ana', workspace: ['/w/proj'] };

describe('classifyPath memo', () => {
  it('answers a path seen again as the first time, frozen', () => {
    const first = classifyPath('.env', A);
    const again = classifyPath('.env', { ...A, workspace: ['/w/proj'] });
    expect(again).toBe(first);
    expect([...first.classes].sort()).toEqual(['credential', 'workspace']);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.reasons)).toBe(true);
    expect(() => (first.reasons as string[]).push('x')).toThrow();
  });

  it('keys every field the answer depends on', () => {
    expect(classifyPath('src/a.ts', A).path).toBe('/w/proj/src/a.ts');
    expect(classifyPath('src/a.ts', { ...A, cwd: '/w/other' }).path).toBe('/w/other/src/a.ts');
    expect(classifyPath('/w/proj/src/a.ts', A).classes.has('workspace')).toBe(true);
    expect(classifyPath('/w/proj/src/a.ts', { ...A, workspace: ['/w/other'] }).classes.has('outside')).toBe(true);
    expect(classifyPath('~/.bashrc', A).path).toBe('/home/ana/.bashrc');
    expect(classifyPath('~/.bashrc', { ...A, home: '/home/bo' }).path).toBe('/home/bo/.bashrc');
    expect(classifyPath('~/.bashrc', A, { tilde: false }).path).toBe('/w/proj/~/.bashrc');
    expect(classifyPath('/w/proj/gate.yaml', A).classes.has('gate-config')).toBe(false);
    expect(classifyPath('/w/proj/gate.yaml', { ...A, gateFiles: ['/w/proj/gate.yaml'] }).classes.has('gate-config')).toBe(true);
    expect(classifyPath('~-/x', A).free).toBe(true);
    expect(classifyPath('~-/x', { ...A, oldpwd: '/tmp' }).path).toBe('/tmp/x');
    expect(classifyPath('src/*', A, { glob: true }).dynamic).toBe(true);
    expect(classifyPath('src/*', A).dynamic).toBe(false);
  });

  it('asks the fs port every time', () => {
    let target = '/w/proj/plain';
    const fs: FsPort = { realpath: (p) => (p === '/w/proj/link' ? target : p), readFile: () => null, stat: () => null };
    expect(classifyPath('/w/proj/link', { ...A, fs }).classes.has('credential')).toBe(false);
    target = '/home/ana/.ssh/id_rsa';
    expect(classifyPath('/w/proj/link', { ...A, fs }).classes.has('credential')).toBe(true);
  });
});
