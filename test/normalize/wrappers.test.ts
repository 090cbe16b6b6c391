import { describe, expect, it } from 'vitest';
import { inv1, invocations, shape } from '../detectors/helpers.ts';

const via = (cmd: string) => inv1(cmd).via.map((v) => v.name);
const argv = (cmd: string) => {
  const i = inv1(cmd);
  return [i.name, ...i.args.map((w) => (w.static ? w.value : w.approx))];
};

describe('wrappers are unwrapped with their options', () => {
  const cases: [string, string[], string[]][] = [
    ['sudo rm -rf x', ['rm', '-rf', 'x'], ['sudo']],
    ['sudo -u root -g wheel -E rm x', ['rm', 'x'], ['sudo']],
    ['sudo --user=root -- rm x', ['rm', 'x'], ['sudo']],
    ['sudo -D /tmp rm x', ['rm', 'x'], ['sudo']],
    ['doas -u root rm x', ['rm', 'x'], ['doas']],
    ['env FOO=1 BAR=2 rm x', ['rm', 'x'], ['env']],
    ['env -i -u HOME -C /tmp rm x', ['rm', 'x'], ['env']],
    ['env -- rm x', ['rm', 'x'], ['env']],
    ['timeout 5 rm x', ['rm', 'x'], ['timeout']],
    ['timeout -k 10 -s KILL 5 rm x', ['rm', 'x'], ['timeout']],
    ['timeout -k10 --foreground --preserve-status 5s rm x', ['rm', 'x'], ['timeout']],
    ['nice -n 5 rm x', ['rm', 'x'], ['nice']],
    ['nice -5 rm x', ['rm', 'x'], ['nice']],
    ['nice --adjustment=5 rm x', ['rm', 'x'], ['nice']],
    ['ionice -c 3 -n 7 rm x', ['rm', 'x'], ['ionice']],
    ['nohup rm x', ['rm', 'x'], ['nohup']],
    ['stdbuf -o0 -e L rm x', ['rm', 'x'], ['stdbuf']],
    ['/usr/bin/time -p rm x', ['rm', 'x'], ['time']],
    ['command rm x', ['rm', 'x'], ['command']],
    ['command -p rm x', ['rm', 'x'], ['command']],
    ['builtin command rm x', ['rm', 'x'], ['builtin', 'command']],
    ['exec -a name -c rm x', ['rm', 'x'], ['exec']],
    ['setsid -f rm x', ['rm', 'x'], ['setsid']],
    ['watch -x rm x', ['rm', 'x'], ['watch -x']],
    ['flock /tmp/lock rm x', ['rm', 'x'], ['flock']],
    ['flock -n -w 5 /tmp/lock rm x', ['rm', 'x'], ['flock']],
    ['chrt -f 10 rm x', ['rm', 'x'], ['chrt']],
    ['taskset -c 0,1 rm x', ['rm', 'x'], ['taskset']],
    ['taskset 0x3 rm x', ['rm', 'x'], ['taskset']],
    ['busybox rm x', ['rm', 'x'], ['busybox']],
    ['sudo timeout 5 nice -n 2 nohup rm x', ['rm', 'x'], ['sudo', 'timeout', 'nice', 'nohup']],
  ];
  for (const [cmd, expected, steps] of cases) {
    it(cmd, () => {
      expect(argv(cmd)).toEqual(expected);
      expect(via(cmd)).toEqual(steps);
    });
  }

  it('env VAR= assignments and prefixes are kept on the invocation', () => {
    const i = inv1('A=1 env B=2 rm x');
    expect(i.env.map((a) => a.name)).toEqual(['A', 'B']);
  });
  it('env -S re-splits its string', () => {
    expect(shape("env -S 'rm -rf x'")).toEqual(['rm']);
  });
  it('env/sudo/command -v with no command stay themselves', () => {
    expect(shape('env')).toEqual(['env']);
    expect(shape('sudo -v')).toEqual(['sudo']);
    expect(shape('command -v rm')).toEqual(['command']);
  });
  it('watch with a single string treats it as a shell payload', () => {
    expect(shape("watch -n 2 'ls | wc -l'")).toEqual(['ls', 'wc']);
    expect(shape('watch rm -rf x')).toEqual(['rm']);
  });
  it('flock -c runs a shell string', () => {
    expect(shape("flock /tmp/l -c 'rm -rf x'")).toEqual(['rm']);
  });
  it('xargs: the command after options, with input appended; bare xargs runs echo', () => {
    const i = inv1('xargs -0 -n 1 -I{} rm -rf {}');
    expect(i.name).toBe('rm');
    expect(i.args[i.args.length - 1].static).toBe(false);
    expect(shape('xargs')).toEqual(['echo']);
  });
  it('parallel: the command before :::, run per input', () => {
    const { invocations: list } = invocations('parallel -j 4 rm -rf {} ::: a b');
    expect(list.map((i) => i.name)).toEqual(['rm', 'rm']);
    expect(list[0].args.map((w) => w.value)).toEqual(['-rf', 'a']);
  });
  it('absolute paths keep their path in program, name is the basename', () => {
    const i = inv1('/usr/bin/sudo /bin/rm x');
    expect(i.name).toBe('rm');
    expect(i.program.value).toBe('/bin/rm');
  });
  it('a workspace program named like a wrapper is not unwrapped (its argv is still scanned)', () => {
    expect(shape('./timeout 5 rm x')).toEqual(['timeout', 'rm']);
    expect(shape('./bash -c ls')).toEqual(['bash']);
    expect(shape('/usr/bin/timeout 5 rm x')).toEqual(['rm']);
  });
  it('xargs -I replaces its placeholder with unknown input', () => {
    const rm = inv1("cat d | xargs -I{} sh -c 'rm -rf {}'".split(' | ')[1]);
    expect(rm.name).toBe('rm');
    expect(rm.args.some((w) => !w.static)).toBe(true);
    expect(inv1('xargs -I % rm -rf %').args[1].static).toBe(false);
  });
  it('an unknown wrapper option makes it opaque', () => {
    expect(shape('timeout --bogus 5 rm x')).toEqual(['timeout!dynamic']);
    expect(shape('nice -Z rm x')).toEqual(['nice!dynamic']);
  });
  it('a dynamic command word behind a wrapper is a dynamic program', () => {
    const i = inv1('sudo $CMD -rf x');
    expect(i.program.static).toBe(false);
    expect(i.name).toBe('');
  });
  it('a dynamic option word makes the wrapper opaque', () => {
    expect(shape('timeout -k$(id) 10 ls')[0]).toBe('timeout!dynamic');
  });
});
