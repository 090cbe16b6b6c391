// Bash through the whole pipeline: the "done when" shapes and the rule-matching semantics.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PermissionEngine, loadPolicy } from '../../engine/index.ts';
import { engine, decide, bash, CWD, HOME } from './helpers.ts';

const def = new PermissionEngine(loadPolicy(readFileSync('policies/default.yaml', 'utf8'), { file: 'policies/default.yaml' }));
const d = (cmd: string, mode: Parameters<typeof decide>[3] = 'default') => decide(def, 'Bash', bash(cmd), mode);

describe('issue 3: done when', () => {
  it('a=r;b=m; $a$b -rf ~ asks at least, and the trace names the dynamic command word', () => {
    const r = def.explain({ tool: 'Bash', input: { command: 'a=r;b=m; $a$b -rf ~' } }, { cwd: CWD, home: HOME });
    expect(r.behavior).not.toBe('allow');
    expect(JSON.stringify(r.trace) + JSON.stringify(r.findings)).toContain('$a$b');
  });
  it("$'\\x72\\x6d' -rf ~ is denied by the critical-path rm detector", () => {
    const r = d("$'\\x72\\x6d' -rf ~");
    expect(r.behavior).toBe('deny');
    expect(r.findings.map((f) => f.detector)).toContain('rm-critical-path');
  });
});

describe('rules see the meaning, not the spelling', () => {
  const e = engine('deny: ["Bash(rm -rf /:*)", "Bash(git push:*)", "Bash(curl:*)"]\nallow: ["Bash(ls *)", "Bash(git status)"]');
  for (const cmd of ['rm -fr /', 'rm -rfv /', 'rm --recursive --force /', 'rm -r -f /', '/bin/rm -rf /', "'rm' -rf /", 'sudo rm -rf /', 'FOO=1 rm -rf /', 'timeout 5 rm -rf /']) {
    it(`deny Bash(rm -rf /:*) catches ${cmd}`, () => expect(decide(e, 'Bash', bash(cmd)).behavior).toBe('deny'));
  }
  for (const cmd of ['git -C /tmp/x push origin main', 'git -c user.name=x push', 'ls && curl https://x', 'echo $(curl -s x)', 'env -i curl x', 'nice -n 5 curl x']) {
    it(`deny catches ${cmd}`, () => expect(decide(e, 'Bash', bash(cmd)).behavior).toBe('deny'));
  }
  it('the 50-subcommand trick still meets the deny rule', () => {
    expect(decide(e, 'Bash', bash(Array(60).fill('true').join(' && ') + ' && curl https://evil.example')).behavior).toBe('deny');
  });
  it('an allow prefix never allows a compound command', () => {
    expect(decide(e, 'Bash', bash('ls -la && rm -rf build')).behavior).toBe('ask');
    expect(decide(e, 'Bash', bash('git status; git push --force')).behavior).not.toBe('allow');
  });
  it('allow rules only strip safe env prefixes', () => {
    const e2 = engine('allow: ["Bash(docker ps:*)"]');
    expect(decide(e2, 'Bash', bash('LANG=C docker ps')).behavior).toBe('allow');
    expect(decide(e2, 'Bash', bash('DOCKER_HOST=tcp://evil:2375 docker ps')).behavior).not.toBe('allow');
    // The rule does not match through a wrapper (docker ps may still be read-only on its own).
    expect(decide(e2, 'Bash', bash('timeout 5 docker ps')).reason.type).not.toBe('rule');
  });
});

describe('read-only commands and the workspace', () => {
  it('reads inside the workspace are allowed, outside ask', () => {
    expect(d('ls -la src').behavior).toBe('allow');
    expect(d('cat README.md | head -n 5').behavior).toBe('allow');
    expect(d('cat /etc/hosts').behavior).toBe('ask');
    expect(d('cd /tmp && cat notes.txt').behavior).toBe('ask');
  });
  it('a write redirect is not read-only', () => {
    expect(d('echo hi > out.txt').behavior).toBe('ask');
    expect(d('echo hi > /dev/null').behavior).toBe('allow');
  });
  it('workspace edits are allowed in acceptEdits, protected ones are not', () => {
    expect(d('mkdir -p build/out', 'acceptEdits').behavior).toBe('allow');
    expect(d('rm -rf build', 'acceptEdits').behavior).toBe('allow');
    expect(d('touch .git/hooks/post-checkout', 'acceptEdits').behavior).toBe('ask');
    expect(d('cp a.txt /tmp/b.txt', 'acceptEdits').behavior).toBe('ask');
  });
  it('allow rules allow actions with effects; plan denies them', () => {
    expect(d('npm test')).toMatchObject({ behavior: 'allow', reason: { type: 'rule' } });
    expect(d('npm test', 'plan').behavior).toBe('deny');
    expect(d('git add -A && git commit -m "fix: typo"').behavior).toBe('allow');
  });
});

describe('fail closed', () => {
  it('parse errors and budgets ask, immune under strict', () => {
    for (const cmd of ["echo 'unterminated", 'echo $(( 1 +', '$('.repeat(90)]) {
      const r = d(cmd, 'bypassPermissions');
      expect(r.behavior).toBe('ask');
      expect(r.immune).toBe(true);
    }
  });
  it('a huge && chain answers ask (limit)', () => {
    const r = d(Array(10_000).fill('true').join(' && '));
    expect(r.behavior).toBe('ask');
    expect(['limit', 'parse']).toContain(r.reason.type);
  });
});

describe('values that bash evaluates later', () => {
  it('command text stored in a variable and evaluated arithmetically asks (and a hidden deny denies)', () => {
    for (const cmd of ["export y='a[$(id)]'; echo $(( y + 1 ))", "y='x[`id`]'; [[ y -eq 1 ]]"]) {
      expect(d(cmd, 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
    }
    expect(d("y='a[$(rm -rf ~)]'; (( y ))", 'bypassPermissions').behavior).toBe('deny');
    expect(d('i=3; (( i + 1 ))').behavior).toBe('allow');
  });
});
