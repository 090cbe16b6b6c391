// The oracle harness itself: stubs trace argv, nothing real runs, changes are seen.
import { afterAll, describe, expect, it } from 'vitest';
import { runBatchedUnderOracle } from '../../lab/oracle/batch.ts';
import { diffSnapshots, disposeOracle, runUnderOracle } from '../../lab/oracle/harness.ts';
import { guardAvailability } from './suite.ts';

const NAME = 'bash oracle harness';

if (guardAvailability(NAME)) {
  describe(NAME, () => {
    afterAll(() => disposeOracle());
    const run = (cmd: string) => runUnderOracle(cmd);

    it('traces each exec with its path and exact argv; builtins do not exec', () => {
      const r = run(`ls -la 'a b' "$HOME" $'x\\ty' ü; echo hi; printf x; cd src; test -f x; rm -rf ~/y`);
      expect(r.execs).toEqual([
        { path: '/usr/bin/ls', argv: ['-la', 'a b', '/home/dev', 'x\ty', 'ü'] },
        { path: '/usr/bin/rm', argv: ['-rf', '/home/dev/y'] },
      ]);
      expect(r.changed).toEqual([]);
      expect(r.exitCode).toBe(0);
    });

    it('keeps an absolute program path, and argv with newlines', () => {
      const r = run(`/bin/rm -f 'a\nb'; /usr/sbin/mkfs /dev/sda`);
      expect(r.execs).toEqual([
        { path: '/bin/rm', argv: ['-f', 'a\nb'] },
        { path: '/usr/sbin/mkfs', argv: ['/dev/sda'] },
      ]);
    });

    it('runs in the fake HOME and workspace, with a dummy key and no network', () => {
      const r = run('[ "$PWD" = /home/dev/app ] && [ -d .git ] && [ -f ~/.ssh/id_rsa ] && ls ok; exec 3<>/dev/tcp/1.1.1.1/80 || ls nonet');
      expect(r.execs.map((e) => e.argv[0])).toEqual(['ok', 'nonet']);
    });

    it('stubs still start when the command empties the environment', () => {
      const r = run('exec -c ls x');
      expect(r.execs).toEqual([{ path: '/usr/bin/ls', argv: ['x'] }]);
    });

    it('stubs ignore BASH_ENV and exported functions from the traced command', () => {
      const r = run('f() { rm evil; }; export -f f; BASH_ENV=/home/dev/app/build.sh ls');
      expect(r.execs).toEqual([{ path: '/usr/bin/ls', argv: [] }]);
    });

    it('follows bash and sh one level deeper (and can be told not to)', () => {
      expect(run(`bash -c 'rm x'`).execs.map((e) => e.path)).toEqual(['/usr/bin/bash', '/usr/bin/rm']);
      expect(run(`echo 'git reset --hard' | sh`).execs.map((e) => e.path)).toEqual(['/usr/bin/sh', '/usr/bin/git']);
      expect(runUnderOracle(`bash -c 'rm x'`, { followShells: false }).execs.map((e) => e.path)).toEqual(['/usr/bin/bash']);
    });

    it('lets cat copy its input or files, so piped payloads look real', () => {
      const piped = run(`cat <<'EOF' | bash\nrm -rf ~/x\nEOF`).execs.map((e) => `${e.path} ${e.argv.join(' ')}`);
      expect(piped.sort()).toEqual(['/usr/bin/bash ', '/usr/bin/cat ', '/usr/bin/rm -rf /home/dev/x']);
      expect(run('x=$(cat list.txt); ls "$x"').execs[1]).toEqual({ path: '/usr/bin/ls', argv: ['build\ndist'] });
    });

    it('decodes the odd names bash quotes in "command not found"', () => {
      expect(run("$'r\u200bm' x").notFound).toEqual(['r\u200bm']);
    });

    it('traces concurrent pipeline stages and background jobs', () => {
      const r = run('cat a | grep b | wc -l & ls; wait');
      expect(r.execs.map((e) => e.path).sort()).toEqual(['/usr/bin/cat', '/usr/bin/grep', '/usr/bin/ls', '/usr/bin/wc']);
    });

    it('sees files created or modified in the workspace, home and /tmp', () => {
      const r = run('echo x > new.txt; echo y >> ~/.bashrc; : > /tmp/t; mkdir() { :; }');
      expect(r.changed).toEqual(['/home/dev/.bashrc', '/home/dev/app/new.txt', '/tmp/t']);
    });

    it('marks a write attempt on the read-only rest of the root', () => {
      const r = run('echo x > /etc/passwd');
      expect(r.changed).toContain('<ro-write>');
    });

    it('reports names without a stub as not found', () => {
      const r = run('nosuchprog-xyz a');
      expect(r.notFound).toEqual(['nosuchprog-xyz']);
      expect(r.exitCode).toBe(127);
    });

    it.runIf(process.getuid?.() === 0)('caps the number of processes (fork bombs stay small)', () => {
      // 100 background jobs that each block for a second (a pipe opened read-write never ends).
      const r = runUnderOracle('for i in {1..100}; do { read -t 1 x <> <(:); } & done; wait', { timeoutMs: 3000 });
      expect(r.stderr).toMatch(/fork: (retry: )?Resource temporarily unavailable/);
    });

    it('stops a command at the time limit', () => {
      const r = runUnderOracle('while :; do :; done', { timeoutMs: 300 });
      expect(r.timedOut).toBe(true);
      expect(r.exitCode).toBeNull();
    });

    it('runs many commands per sandbox start, each in a fresh world, as a single run reports it', async () => {
      const cmds = [
        'echo x > new.txt; echo y >> ~/.bashrc; : > /tmp/t',
        '[ -e new.txt ] || [ -e /tmp/t ] || ls fresh; ls "$SHLVL${OLDPWD-}"',
        'nohup rm -rf ~ &',
        'while :; do :; done',
        'kill -9 $PPID; ls after-kill',
        'x() { x | x & }; x',
        'ls last; exit 3',
      ];
      const rs = await runBatchedUnderOracle(cmds, 1, { timeoutMs: 1000 });
      expect(rs[0]!.changed).toEqual(['/home/dev/.bashrc', '/home/dev/app/new.txt', '/tmp/t']);
      // The same SHLVL and no OLDPWD, as in a single run.
      const single = runUnderOracle('ls "$SHLVL${OLDPWD-}"').execs;
      expect(rs[1]!.execs).toEqual([{ path: '/usr/bin/ls', argv: ['fresh'] }, ...single]);
      expect(rs[1]!.changed).toEqual([]);
      expect(rs[2]!.execs).toEqual([{ path: '/usr/bin/nohup', argv: ['rm', '-rf', '/home/dev'] }]);
      expect(rs[3]!.timedOut).toBe(true);
      expect(rs[4]!.execs.map((e) => e.argv[0])).toEqual(['after-kill']);
      expect(rs[6]!.execs).toEqual([{ path: '/usr/bin/ls', argv: ['last'] }]);
      expect(rs[6]!.exitCode).toBe(3);
    }, 20_000);
  });
}

describe('snapshot diff', () => {
  it('lists created, removed and modified paths', () => {
    const before = new Map([['a', 'file:644:1'], ['b', 'file:644:2'], ['d', 'dir:755']]);
    const after = new Map([['a', 'file:644:1'], ['b', 'file:600:2'], ['c', 'file:644:3']]);
    expect(diffSnapshots(before, after, '/h')).toEqual(['/h/b', '/h/c', '/h/d']);
  });
});
