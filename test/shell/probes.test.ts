// The 26 parser probe cases of peers.md appendix B.
import { describe, expect, it } from 'vitest';
import { an, cmds, withCtx } from './helpers.ts';

const names = (src: string) => an(src).commands.map((c) => c.argv[0]?.value ?? '');

describe('parser probes (peers.md appendix B)', () => {
  it('1 plain', () => expect(cmds('rm -rf x')).toEqual(['rm -rf x']));
  it('2 pipeline with &&', () => expect(cmds('ls | grep a && rm b')).toEqual(['ls', 'grep a', 'rm b']));
  it('3 echo "$(rm …)"', () => expect(withCtx('echo "$(rm -rf ~)"')).toContain('cmdsub: rm -rf /home/dev'));
  it('4 backticks', () => expect(withCtx('echo `rm -rf x`')).toContain('cmdsub: rm -rf x'));
  it('5 cat <<EOF | bash', () => {
    const x = an('cat <<EOF | bash\nrm -rf ~/x\nEOF\n');
    expect(x.commands.map((c) => c.argv[0]!.value)).toEqual(['cat', 'bash']);
    expect(x.commands[0]!.redirects[0]!.heredoc!.body).toBe('rm -rf ~/x\n');
    expect(x.commands[1]!.pipe).toMatchObject({ index: 1, length: 2 });
    expect(x.issues).toEqual([]);
  });
  it('6 quoted heredoc with $(rm x) shows no rm', () => {
    expect(names("cat <<'EOF'\n$(rm x)\nEOF\n")).toEqual(['cat']);
  });
  it('7 Claude-style commit message', () => {
    const x = an("git commit -m \"$(cat <<'EOF'\nFix the bug\n\nLonger text\nEOF\n)\"");
    expect(x.issues).toEqual([]);
    const msg = x.commands[0]!.argv[3]!;
    expect(msg.static).toBe(true);
    expect(msg.value).toBe('Fix the bug\n\nLonger text');
    expect(withCtx("git commit -m \"$(cat <<'EOF'\nx\nEOF\n)\"")).toContain('cmdsub: cat');
  });
  it("8 r''m", () => expect(cmds("r''m -rf x")).toEqual(['rm -rf x']));
  it('9 rm$IFS-rf$IFS/ is one dynamic word', () => {
    const x = an('rm$IFS-rf$IFS/');
    expect(x.commands[0]!.argv).toHaveLength(1);
    expect(x.commands[0]!.argv[0]!.static).toBe(false);
    expect(x.commands[0]!.argv[0]!.params).toEqual(['IFS']);
  });
  it('10 a=$(echo rm); $a -rf', () => {
    expect(withCtx('a=$(echo rm); $a -rf /')).toEqual([': ', 'assignment/cmdsub: echo rm', ': <param:$a> -rf /']);
    const x = an('a=$(echo rm); $a -rf /');
    expect(x.commands[0]!.env[0]!.name).toBe('a');
    // echo with static words prints a known text: the value is static
    expect(x.commands[0]!.env[0]!.value!.static).toBe(true);
    expect(x.commands[0]!.env[0]!.value!.value).toBe('rm');
    expect(x.commands[2]!.argv[0]!.kinds).toEqual(['param']);
  });
  it('11 if [[ … ]]; then rm; fi', () => expect(withCtx('if [[ -f x ]]; then rm x; fi')).toEqual(['if: rm x']));
  it('12 case', () => expect(cmds('case $a in x|y) rm a;; *) ls;; esac')).toEqual(['rm a', 'ls']));
  it('13 for', () => expect(withCtx('for f in *.o; do rm "$f"; done')).toEqual(['loop: rm <param:$f>']));
  it('14 (cd /; rm) &', () => {
    const x = an('(cd /; rm -rf x) &');
    expect(x.commands.map((c) => c.argv[0]!.value)).toEqual(['cd', 'rm']);
    expect(x.commands.every((c) => c.background && c.context[0]!.kind === 'subshell')).toBe(true);
  });
  it("15 $'\\x72m'", () => expect(cmds("$'\\x72m' -rf x")).toEqual(['rm -rf x']));
  it('16 { rm; }', () => expect(withCtx('{ rm x; }')).toEqual(['group: rm x']));
  it('17 diff <(ls) <(rm b)', () => expect(withCtx('diff <(ls) <(rm b)')).toEqual([': diff <process:<(…)> <process:<(…)>', 'procsub: ls', 'procsub: rm b']));
  it('18 X=1 Y=2 rm', () => {
    const c = an('X=1 Y=2 rm x').commands[0]!;
    expect(c.env.map((a) => `${a.name}=${a.value!.value}`)).toEqual(['X=1', 'Y=2']);
    expect(c.argv[0]!.value).toBe('rm');
  });
  it('19 ${x:-$(rm …)}', () => expect(withCtx('echo ${x:-$(rm -rf y)}')).toContain('cmdsub: rm -rf y'));
  it('20 $(( $(rm x) + 1 ))', () => expect(withCtx('echo $(( $(rm x) + 1 ))')).toContain('cmdsub: rm x'));
  it('21 function f { rm; }', () => {
    const x = an('function f { rm x; }; f');
    expect(withCtx('function f { rm x; }; f')).toEqual(['function/group: rm x', ': f']);
    expect(x.functions).toEqual(['f']);
    expect(x.commands[0]!.context[0]!.name).toBe('f');
  });
  it('22 a comment containing rm', () => expect(cmds('ls # rm -rf /')).toEqual(['ls']));
  it('23 > >(rm x)', () => expect(withCtx('echo hi > >(rm x)')).toContain('redirect/procsub: rm x'));
  it('24 line continuation', () => expect(cmds('r\\\nm -rf \\\n x')).toEqual(['rm -rf x']));
  it('25 [[ =~ ]] && rm', () => {
    const x = an('[[ $a =~ ^(x|y)+$ ]] && rm z');
    expect(x.issues).toEqual([]);
    expect(x.commands.map((c) => c.argv.map((w) => w.value).join(' '))).toEqual(['rm z']);
    expect(x.commands[0]!.conditional).toBe(true);
  });
  it('26 an unterminated quote reports an error', () => {
    const x = an("echo 'oops");
    expect(x.issues.map((i) => i.kind)).toEqual(['parse']);
  });
});
