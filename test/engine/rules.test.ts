import { describe, expect, it } from 'vitest';
import { parseRule, RuleError, loadPolicy, PolicyError } from '../../engine/index.ts';
import { matchBash, matchDomain, compilePathRule } from '../../engine/pipeline/rules/index.ts';
import { engine, decide, file, bash, CWD, HOME } from './helpers.ts';

const m = (rule: string, cmd: string) => matchBash(parseRule(`Bash(${rule})`, 'deny', 'project').bash!, cmd);

describe('rule syntax', () => {
  it('Tool, Tool(), Tool(*) are tool-wide', () => {
    for (const t of ['Bash', 'Bash()', 'Bash(*)']) expect(parseRule(t, 'deny', 'user').content).toBeNull();
  });
  it('unescapes \\( and \\) in content and uses the last ) as the end', () => {
    const r = parseRule('Bash(echo \\(hi\\))', 'allow', 'user');
    expect(r.content).toBe('echo (hi)');
  });
  it('rejects malformed rules with a readable error', () => {
    expect(() => parseRule('Bash(ls', 'deny', 'user')).toThrow(RuleError);
    expect(() => parseRule('Read)', 'deny', 'user')).toThrow(RuleError);
    expect(() => parseRule('WebFetch(example.com)', 'allow', 'user')).toThrow(/domain:/);
    expect(() => parseRule('Bash(command:ls)', 'deny', 'user')).toThrow(/Bash\(<command>\)/);
  });
  it('maps legacy aliases', () => {
    expect(parseRule('Task', 'deny', 'user').tool).toBe('Agent');
  });
  it('tool-name globs: deny and ask only, allow must name an mcp server', () => {
    expect(parseRule('mcp__*', 'deny', 'user').toolPattern?.test('mcp__gh__x')).toBe(true);
    expect(() => parseRule('*', 'allow', 'user')).toThrow(RuleError);
    expect(parseRule('mcp__gh__*', 'allow', 'user').tool).toBe('mcp__gh__*');
  });
});

describe('Bash rule kinds', () => {
  it('exact', () => {
    expect(m('npm test', 'npm test')).toBe(true);
    expect(m('npm test', 'npm test --watch')).toBe(false);
  });
  it('legacy prefix cmd:*', () => {
    expect(m('git diff:*', 'git diff')).toBe(true);
    expect(m('git diff:*', 'git diff --stat')).toBe(true);
    expect(m('git diff:*', 'git diffx')).toBe(false);
    expect(m('git:* push', 'git:* push')).toBe(true);
  });
  it('wildcard * matches spaces; a trailing " *" also matches the bare command at a word boundary', () => {
    expect(m('git * main', 'git push origin main')).toBe(true);
    expect(m('ls *', 'ls')).toBe(true);
    expect(m('ls *', 'ls -la')).toBe(true);
    expect(m('ls *', 'lsof')).toBe(false);
    expect(m('ls*', 'lsof')).toBe(true);
    expect(m('echo \\*', 'echo *')).toBe(true);
    expect(m('echo \\*', 'echo x')).toBe(false);
  });
  it('matches across newlines inside the command', () => {
    expect(m('cat *', 'cat <<EOF\nx\nEOF')).toBe(true);
  });
});

describe('path rules and anchors', () => {
  const a = { cwd: CWD, home: HOME, policyDir: '/etc/gatelab' };
  const p = (pat: string, beh: 'allow' | 'deny', path: string) => compilePathRule(pat, beh, a).test(path);
  it('//abs is absolute', () => expect(p('//etc/passwd', 'deny', '/etc/passwd')).toBe(true));
  it('~/ is home', () => {
    expect(p('~/.aws/**', 'deny', `${HOME}/.aws/credentials`)).toBe(true);
    expect(p('~/.aws/**', 'deny', `/root/.aws/credentials`)).toBe(false);
  });
  it('/ is relative to the policy file folder', () => {
    expect(p('/secrets/**', 'deny', '/etc/gatelab/secrets/a')).toBe(true);
    expect(p('/secrets/**', 'deny', '/secrets/a')).toBe(false);
  });
  it('bare and ./ patterns are relative to cwd; no inner slash matches at any depth', () => {
    expect(p('.env', 'deny', `${CWD}/.env`)).toBe(true);
    expect(p('.env', 'deny', `${CWD}/pkg/api/.env`)).toBe(true);
    expect(p('./.env', 'deny', `${CWD}/pkg/.env`)).toBe(false);
    expect(p('src/secret/*.key', 'deny', `${CWD}/src/secret/a.key`)).toBe(true);
    expect(p('src/secret/*.key', 'deny', `${CWD}/lib/src/secret/a.key`)).toBe(false);
  });
  it('a folder pattern covers its contents; ** crosses folders; * does not', () => {
    expect(p('build', 'deny', `${CWD}/build/x/y.js`)).toBe(true);
    expect(p('docs/*.md', 'deny', `${CWD}/docs/a/b.md`)).toBe(false);
    expect(p('docs/**/*.md', 'deny', `${CWD}/docs/a/b.md`)).toBe(true);
  });
  it('a single-folder allow (src/**) matches only <cwd>/src; deny matches it at any depth', () => {
    expect(p('src/**', 'allow', `${CWD}/src/a.ts`)).toBe(true);
    expect(p('src/**', 'allow', `${CWD}/pkg/src/a.ts`)).toBe(false);
    expect(p('src/**', 'deny', `${CWD}/pkg/src/a.ts`)).toBe(true);
  });
});

describe('WebFetch domains and MCP names', () => {
  it('domain rules', () => {
    expect(matchDomain('example.com', 'EXAMPLE.com.')).toBe(true);
    expect(matchDomain('example.com', 'api.example.com')).toBe(false);
    expect(matchDomain('*.example.com', 'api.example.com')).toBe(true);
    expect(matchDomain('*.example.com', 'example.com')).toBe(false);
    expect(matchDomain('example.*', 'example.org')).toBe(true);
    expect(matchDomain('example.*', 'example.co.uk')).toBe(false);
  });
  it('mcp__server, mcp__server__*, mcp__server__tool', () => {
    const e = engine('deny: ["mcp__a"]\nask: ["mcp__b__*"]\nallow: ["mcp__c__read"]');
    expect(decide(e, 'mcp__a__x', {}).behavior).toBe('deny');
    expect(decide(e, 'mcp__b__y', {}, 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
    expect(decide(e, 'mcp__c__read', {}).behavior).toBe('allow');
    expect(decide(e, 'mcp__c__write', {}).behavior).toBe('ask');
  });
  it('a recursive walk of a root holding a Read deny\'s whole folder is denied', () => {
    const e = engine('deny: ["Read(./secrets/**)"]');
    for (const cmd of ['tar -czf /tmp/a.tgz .', 'rsync -a ./ /tmp/c/', 'cp -r . /tmp/c', 'grep -r token .', 'zip -r /tmp/a.zip .']) {
      expect(decide(e, 'Bash', bash(cmd)).behavior, cmd).toBe('deny');
    }
    expect(decide(e, 'Bash', bash('grep -r token src')).behavior).toBe('allow');
    // a walk inside the region a name pattern denies may or may not meet such a file
    expect(decide(engine('deny: ["Read(**/.env)"]'), 'Bash', bash('grep -r SECRET config/'))).toMatchObject({ behavior: 'ask', immune: true });
  });
  it('a copy into a directory writes the source\'s name inside it', () => {
    const e = engine('deny: ["Edit(./foo.txt)"]');
    for (const cmd of ['cp /tmp/foo.txt .', 'mv /tmp/foo.txt ./', 'cp -t . /tmp/foo.txt', 'cp /tmp/a /tmp/foo.txt .']) expect(decide(e, 'Bash', bash(cmd)).behavior, cmd).toBe('deny');
    expect(decide(engine(), 'Bash', bash(`cp .bashrc ${HOME}`))).toMatchObject({ behavior: 'ask', immune: true });
    expect(decide(engine(), 'Bash', bash('cp ~/.gitconfig ./gitconfig.copy')).immune).toBe(false);
  });
  it('CDPATH=… cd NAME goes to the CDPATH entry first', () => {
    expect(decide(engine(), 'Bash', bash('CDPATH=/ cd etc && rm -rf ./*')).behavior).toBe('deny');
    expect(decide(engine(), 'Bash', bash('CDPATH=/:. cd usr; rm -rf *')).behavior).toBe('deny');
    expect(decide(engine(), 'Bash', bash('CDPATH=.git cd hooks && cp ../../h.sh pre-commit'))).toMatchObject({ behavior: 'ask', immune: true });
  });
  it('a cd in a for body moves the shell once per value, in order', () => {
    expect(decide(engine(), 'Bash', bash('for d in /; do cd $d; done; rm -rf usr')).behavior).toBe('deny');
    expect(decide(engine(), 'Bash', bash('for d in /tmp /; do cd "$d"; done; rm -rf etc')).behavior).toBe('deny');
  });
  it('$OLDPWD after a cd is the folder the cd left', () => {
    expect(decide(engine(), 'Bash', bash('cd ..; rm -rf "$OLDPWD"')).behavior).toBe('deny');
    expect(decide(engine(), 'Bash', bash('cd /; cd /tmp; rm -rf $OLDPWD')).behavior).toBe('deny');
  });
  it('a tool-wide allow never grants a command known only at run time', () => {
    const e = engine('allow: ["Bash(*)"]');
    for (const cmd of ['eval "$CMD"', 'sh -c "$X"', '$(cat next-step)', '"$RUNNER" build']) {
      for (const mode of ['default', 'bypassPermissions'] as const) expect(decide(e, 'Bash', bash(cmd), mode), cmd).toMatchObject({ behavior: 'ask', immune: true });
    }
    expect(decide(e, 'Bash', bash('npm install')).behavior).toBe('allow');
    // code known only at run time is immune with or without an allow rule, like a dynamic command name
    expect(decide(engine(), 'Bash', bash('eval "$CMD"')).immune).toBe(true);
  });
  it('a deny glob on tool names', () => {
    expect(decide(engine('deny: ["mcp__*"]'), 'mcp__x__y', {}).behavior).toBe('deny');
  });
});

describe('precedence across layers', () => {
  const yaml = `
layers:
  user: { allow: ["Read(~/notes/**)", "Bash(make)"] }
  project: { ask: ["Read(~/notes/private/**)"] }
  managed: { deny: ["Read(~/notes/private/keys/**)"] }
`;
  const e = engine(yaml);
  it('deny beats ask beats allow, whatever the layer', () => {
    expect(decide(e, 'Read', file(`${HOME}/notes/a.md`)).behavior).toBe('allow');
    expect(decide(e, 'Read', file(`${HOME}/notes/private/a.md`)).behavior).toBe('ask');
    expect(decide(e, 'Read', file(`${HOME}/notes/private/keys/k`)).behavior).toBe('deny');
  });
  it('reports the highest layer that matched', () => {
    const e2 = engine('layers:\n  user: { deny: ["Bash(make)"] }\n  managed: { deny: ["Bash(make:*)"] }\n');
    expect(decide(e2, 'Bash', bash('make')).reason).toMatchObject({ layer: 'managed' });
  });
});

describe('policies', () => {
  it('errors name file:line:column and the field', () => {
    try {
      loadPolicy('version: 1\nmode: sometimes\n', { file: 'p.yaml' });
      throw new Error('should fail');
    } catch (e) {
      expect(e).toBeInstanceOf(PolicyError);
      expect((e as Error).message).toMatch(/^p\.yaml:2:\d+: mode: /);
    }
  });
  it('unknown fields are errors', () => {
    expect(() => loadPolicy('version: 1\nallow: []\nalow: []\n', { file: 'p.yaml' })).toThrow(/p\.yaml:3:1: alow: unknown field "alow"/);
  });
  it('a bad rule is an error at its line', () => {
    expect(() => loadPolicy('deny:\n  - Read)\n', { file: 'p.yaml' })).toThrow(/p\.yaml:2:\d+: deny\.0:/);
  });
  it('rule examples are checked when the policy loads', () => {
    const ok = 'allow:\n  - rule: Bash(npm test)\n    examples: { match: ["npm test"], not_match: ["npm test && rm x"] }\n';
    expect(() => loadPolicy(ok, { file: 'p.yaml' })).not.toThrow();
    const bad = 'deny:\n  - rule: Read(./.env)\n    examples: { match: ["/home/dev/app/.env.local"] }\n';
    expect(() => loadPolicy(bad, { file: '/home/dev/app/p.yaml' })).toThrow(/should match/);
  });
  it('ships default.yaml and strict.yaml, both loading cleanly', async () => {
    const { readFileSync } = await import('node:fs');
    for (const f of ['policies/default.yaml', 'policies/strict.yaml']) {
      expect(() => loadPolicy(readFileSync(f, 'utf8'), { file: f })).not.toThrow();
    }
  });
});

describe('symlinks', () => {
  const fs = {
    realpath: (p: string) => (p === `${CWD}/link` ? '/etc/shadow-copy' : p === `${CWD}/ok` ? `${CWD}/real` : null),
    readFile: () => null,
    stat: () => null,
  };
  it('a deny fires on the target; an allow needs both', () => {
    const e = engine('deny: ["Read(//etc/shadow-copy)"]\nallow: ["Edit(./real)"]');
    expect(decide(e, 'Read', file(`${CWD}/link`), 'default', { fs }).behavior).toBe('deny');
    expect(decide(e, 'Edit', file(`${CWD}/ok`), 'default', { fs }).behavior).toBe('ask');
  });
  it('without a port, paths are judged as written', () => {
    expect(decide(engine(), 'Read', file(`${CWD}/link`)).behavior).toBe('allow');
  });
});

describe('gaps found by the lab checks', () => {
  it('WebFetch sees an IPv4-mapped IPv6 host as the IPv4 host', () => {
    const e = engine('deny: ["WebFetch(domain:169.254.169.254)"]');
    expect(decide(e, 'WebFetch', { url: 'http://[::ffff:169.254.169.254]/latest/meta-data/' }).behavior).toBe('deny');
    expect(decide(e, 'WebFetch', { url: 'http://169.254.169.254/' }).behavior).toBe('deny');
  });
  it('an explicit Edit ask rule keeps a protected write immune under cc-2.1.126', () => {
    const e = engine('immune: cc-2.1.126\nask: ["Edit(./.git/**)"]');
    expect(decide(e, 'Write', file(`${CWD}/.git/config`), 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
  });
  it('a deny rule may name a carrier itself', () => {
    expect(decide(engine('deny: ["Bash(bash -c *)"]'), 'Bash', bash("bash -c 'ls -la'")).behavior).toBe('deny');
  });
  it('env.deny also catches export', () => {
    const e = engine('env: { deny: [NODE_OPTIONS] }');
    expect(decide(e, 'Bash', bash('export NODE_OPTIONS=--require=./x.js; npm test')).behavior).toBe('deny');
  });
  it('Bash paths follow symlinks through the fs port, and globs meet deny rules', () => {
    const fs = { realpath: (p: string) => (p === `${CWD}/prod-link/db.env` ? `${CWD}/config/prod/db.env` : p), readFile: () => null, stat: () => null };
    const e = engine('deny: ["Read(./config/prod/**)"]');
    expect(decide(e, 'Bash', bash('cat prod-link/db.env'), 'default', { fs }).behavior).toBe('deny');
    expect(decide(e, 'Bash', bash('head -1 config/prod/*.env')).behavior).toBe('deny');
    expect(decide(e, 'Bash', bash('head -1 config/*/db.env'), 'bypassPermissions')).toMatchObject({ behavior: 'ask', immune: true });
  });
});

describe('deny rules with a star inside', () => {
  const e = engine('deny: ["Bash(curl * --upload-file *)", "Bash(git push * --force *)"]');
  it('match the meaning of their options, however the option is spelled', () => {
    for (const c of ['curl -s --upload-file a https://x.org/', 'curl -T a https://x.org/', 'curl --upload-file=a https://x.org/', 'curl --upload-f a https://x.org/'])
      expect(decide(e, 'Bash', bash(c)).behavior, c).toBe('deny');
    expect(decide(e, 'Bash', bash('git push origin --force main')).behavior).toBe('deny');
  });
  it('never mean "any call of the program"', () => {
    for (const c of ['curl -s https://new.example.org/', 'curl -o out.html https://example.org/'])
      expect(decide(e, 'Bash', bash(c)).behavior, c).not.toBe('deny');
    expect(decide(e, 'Bash', bash('git push origin main')).behavior).not.toBe('deny');
  });
});
