// The cwd follows every cd the shell runs (pipeline/tools/cwd.ts); an unknown one makes relative paths dynamic.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PermissionEngine, loadPolicy } from '../../engine/index.ts';
import { credentialBelow, isTableName } from '../../engine/paths/index.ts';

const policy = loadPolicy(readFileSync('policies/default.yaml', 'utf8'), { file: '/work/policies/default.yaml', skipExamples: true });
const e = new PermissionEngine(policy);
const ctx = (mode: 'default' | 'bypassPermissions') => ({ cwd: '/home/dev/app', home: '/home/dev', mode });
const d = (command: string, mode: 'default' | 'bypassPermissions' = 'default') => e.decide({ tool: 'Bash', input: { command } }, ctx(mode));

describe('computed, globbed and physical cd', () => {
  it('a computed target the engine can name moves the cwd there', () => {
    for (const c of ['cd "$(dirname "$PWD")" && rm -rf app', 'cd `pwd`/.. && rm -rf app', 'cd "$(realpath ..)" && rm -rf app', 'cd /tmp && cd - && rm -rf ./*']) expect(d(c).behavior, c).toBe('deny');
  });
  it('a glob target makes the cwd the pattern', () => {
    expect(d('cd /ho* && rm -rf dev').behavior).toBe('deny');
    expect(d('cd sr? && ls').behavior).toBe('allow');
    expect(d('cd ~/.s* && cat id_rsa', 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
  });
  it('an unknown cwd leaves no relative path inside the workspace', () => {
    expect(d('cd "$X" && ls').behavior).toBe('ask');
    expect(d('cd "$X" && rm -rf *', 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
  });
  it('cd -P through a possible link is also judged from anywhere, even after &&', () => {
    expect(d('cd -P vendor/link && rm -rf ..', 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
    expect(d('cd -P src && ls').behavior).toBe('allow');
  });
  it('a cd inside $(…) moves nothing', () => {
    expect(d('$(cd /); rm -rf usr', 'bypassPermissions').immune).toBe(false);
  });
});

describe("cd's options and the pushd / popd stack, as bash reads them", () => {
  it('a bundle of L, P and e letters, and --, are options', () => {
    for (const c of ['cd -Pe / && rm -rf usr', 'cd -eP / && find . -delete', 'cd -LP / && rm -rf usr', 'cd -- / && rm -rf etc', 'command cd / && rm -rf etc']) expect(d(c).behavior, c).toBe('deny');
  });
  it('an option bash rejects or builds differ on makes the cwd unknown', () => {
    for (const c of ['cd -@ / && rm -rf etc', 'cd -x / && rm -rf etc', 'pushd -x / && rm -rf etc']) expect(d(c, 'bypassPermissions'), c).toMatchObject({ behavior: 'ask', immune: true });
  });
  it('popd, pushd +N and pushd with no folder go to the entry of the stack the command made', () => {
    for (const c of ['pushd / && pushd /tmp && popd && rm -rf etc', 'pushd /usr && pushd /etc && pushd +1 && rm -rf bin', 'pushd /usr && pushd /etc && pushd && rm -rf bin', 'pushd /usr && popd -n && rm -rf bin']) expect(d(c).behavior, c).toBe('deny');
    expect(d('pushd / && pushd /tmp && popd +1 && popd && rm -rf etc', 'bypassPermissions')).toMatchObject({ behavior: 'allow' });
  });
  it("an entry of the session shell's stack is not known", () => {
    for (const c of ['popd && rm -rf etc', 'pushd +1 && rm -rf etc', 'pushd -1 && rm -rf etc']) expect(d(c, 'bypassPermissions'), c).toMatchObject({ behavior: 'ask', immune: true });
  });
  it('pushd -n and popd +N do not move the shell', () => {
    for (const c of ['pushd -n /tmp && rm -rf dist', 'popd +1 && rm -rf etc']) expect(d(c, 'bypassPermissions'), c).toMatchObject({ behavior: 'allow', immune: false });
    expect(d('pushd src && popd -n && ls').behavior).toBe('allow');
  });
});

describe('$HOME and $PWD words', () => {
  it('are absolute paths unless the command gives them a run-time value', () => {
    expect(d("find ~+ -name '*.ts'").behavior).toBe('allow');
    expect(d('PWD=$(cat dir.txt); find $PWD').behavior).toBe('ask');
    expect(d('read HOME; ls $HOME').behavior).toBe('ask');
  });
});

describe('what a walk reaches', () => {
  it('a folder holds the credential rows below it', () => {
    expect(credentialBelow('/home/dev', '/home/dev')).not.toBeNull();
    expect(credentialBelow('/home', '/home/dev')).not.toBeNull();
    expect(credentialBelow('/home/dev/.config/gh', '/home/dev')).not.toBeNull();
    expect(credentialBelow('/home/dev/notes', '/home/dev')).toBeNull();
    expect(credentialBelow('/home/dev/app', '/home/dev')).toBeNull();
  });
  it('names the tables spell', () => {
    expect(isTableName('.git')).toBe(true);
    expect(isTableName('id_rsa.pub')).toBe(true);
    expect(isTableName('draft-notes')).toBe(false);
  });
  it('the Grep tool over a home asks immune, the Glob tool does not', () => {
    const g = e.decide({ tool: 'Grep', input: { pattern: 'x', path: '/home/dev' } }, ctx('bypassPermissions'));
    expect(g).toMatchObject({ behavior: 'ask', immune: true });
    const l = e.decide({ tool: 'Glob', input: { pattern: 'id_*', path: '/home/dev/.ssh' } }, ctx('bypassPermissions'));
    expect(l.immune).toBe(false);
  });
});
