// One test (or a few) per bash construct the parser covers.
import { describe, expect, it } from 'vitest';
import { an, cmds, issues, withCtx } from './helpers.ts';

describe('lists and pipelines', () => {
  it('splits ; & && || and newlines', () => {
    expect(cmds('a; b & c && d || e\nf')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
  it('marks background and conditional commands', () => {
    const x = an('a & b && c || d');
    expect(x.commands.map((c) => [c.background, c.conditional])).toEqual([[true, false], [false, false], [false, true], [false, true]]);
  });
  it('pipelines carry id, index, length and |&', () => {
    const x = an('a | b |& c; d | e');
    expect(x.commands.map((c) => c.pipe && [c.pipe.id, c.pipe.index, c.pipe.length, c.pipe.stderr])).toEqual([
      [1, 0, 3, false], [1, 1, 3, true], [1, 2, 3, false], [2, 0, 2, false], [2, 1, 2, false],
    ]);
  });
  it('accepts newlines after && and |', () => expect(cmds('a &&\n b |\n c')).toEqual(['a', 'b', 'c']));
  it('! negation and time keywords', () => {
    expect(cmds('! a | b')).toEqual(['a', 'b']);
    // the time keyword reads as a wrapper word on the first command of its pipeline
    expect(cmds('time -p a | b && time c')).toEqual(['time -p a', 'b', 'time c']);
    expect(cmds('time [[ x ]]; d')).toEqual(['d']);
    expect(issues('time')).toEqual([]);
  });
  it('rejects a dangling operator', () => {
    expect(issues('a &&')).toEqual(['parse']);
    expect(issues('| a')).toEqual(['parse']);
    expect(issues('a ;; b')).toEqual(['parse']);
  });
});

describe('compound commands', () => {
  it('subshell and group', () => {
    expect(withCtx('(a; b) | { c; }')).toEqual(['subshell: a', 'subshell: b', 'group: c']);
    expect(issues('{ a }')).toEqual(['parse']); // } needs a separator
    expect(cmds('{ a; } ')).toEqual(['a']);
  });
  it('if / elif / else', () => {
    const x = an('if a; then b; elif c; then d; else e; fi');
    expect(x.commands.map((c) => `${c.argv[0]!.value}:${c.conditional}`)).toEqual(['a:false', 'b:true', 'c:true', 'd:true', 'e:true']);
    expect(x.commands.every((c) => c.context[0]!.kind === 'if')).toBe(true);
  });
  it('while, until, for, select, arithmetic for', () => {
    expect(withCtx('while a; do b; done')).toEqual(['loop: a', 'loop: b']);
    expect(withCtx('until a; do b; done')).toEqual(['loop: a', 'loop: b']);
    expect(withCtx('for x in $(ls); do rm $x; done')).toEqual(['loop/cmdsub: ls', 'loop: rm <param:$x>']);
    expect(withCtx('for x; do a; done')).toEqual(['loop: a']);
    expect(withCtx('for x in a b\ndo c\ndone')).toEqual(['loop: c']);
    expect(withCtx('select x in a b; do c; done')).toEqual(['loop: c']);
    expect(withCtx('for ((i=0; i<3; i++)); do c; done')).toEqual(['loop: c']);
    expect(withCtx('for x in a; { c; }')).toEqual(['loop: c']);
  });
  it('case with ;; ;& ;;& and (pattern)', () => {
    expect(withCtx('case $x in (a) b;& c|d) e;;& *) f;; esac')).toEqual(['case: b', 'case: e', 'case: f']);
    expect(withCtx('case x in a) ;; esac')).toEqual([]);
    expect(withCtx('case x in\n a)\n  b\n  ;;\n *) c\nesac')).toEqual(['case: b', 'case: c']);
    expect(withCtx('case $(rm a) in x) ;; esac')).toEqual(['case/cmdsub: rm a']);
  });
  it('functions in all three forms, listed once, calls listed', () => {
    for (const src of ['f() { rm x; }; f', 'function f { rm x; }; f', 'function f() { rm x; }; f', 'f()\n{\n rm x\n}\nf']) {
      const x = an(src);
      expect(x.issues).toEqual([]);
      expect(withCtx(src)).toEqual(['function/group: rm x', ': f']);
      expect(x.functions).toEqual(['f']);
    }
    expect(withCtx('f() ( rm x )')).toEqual(['function/subshell: rm x']);
    expect(issues('f() rm x')).toEqual(['parse']);
  });
  it('[[ ]] operands expose substitutions; < > are not redirections', () => {
    expect(withCtx('[[ $(rm a) == x && -f `rm b` ]]')).toEqual(['condition/cmdsub: rm a', 'condition/cmdsub: rm b']);
    const x = an('[[ a < b ]]');
    expect(x.commands).toEqual([]);
    expect(x.issues).toEqual([]);
    expect(issues('[[ (a || b) && ! -z c ]]')).toEqual([]);
  });
  it('(( )) and $(( )) and $[ ]', () => {
    expect(withCtx('(( x = $(rm a) + 1 ))')).toEqual(['condition/cmdsub: rm a']);
    expect(withCtx('echo $[ 1 + $(rm b) ]')).toEqual([': echo <command,arith:$((…))>', 'cmdsub: rm b']);
    expect(issues('(( 1 + 2 )')).toEqual(['parse']);
  });
  it('compound redirections apply to every command inside', () => {
    const x = an('{ a; b; } > out; while read l; do c; done < in');
    expect(x.commands.map((c) => c.redirects.map((r) => r.op + r.target.value).join())).toEqual(['>out', '>out', '<in', '<in']);
    expect(an('[[ -f x ]] > ~/.bashrc').commands[0]!.redirects[0]!.target.value).toBe('/home/dev/.bashrc');
  });
  it('coproc fails closed', () => expect(issues('coproc cat')).toEqual(['parse']));
  it('reserved words only in command position', () => {
    expect(cmds('echo if then fi }')).toEqual(['echo if then fi }']);
    expect(issues('fi')).toEqual(['parse']);
  });
});

describe('substitutions', () => {
  it('$( ) and backticks nest, with backtick escaping', () => {
    expect(withCtx('echo $(a $(b))')).toEqual([': echo <command:$(…)>', 'cmdsub: a <command:$(…)>', 'cmdsub/cmdsub: b']);
    expect(withCtx('echo `a \\`b\\``')).toEqual([': echo <command:$(…)>', 'cmdsub: a <command:$(…)>', 'cmdsub/cmdsub: b']);
    expect(cmds('echo "`echo \\"x\\"`"')[1]).toBe('echo x');
    expect(cmds('echo `echo \\$HOME`')[1]).toBe('echo <param:$HOME>');
  });
  it('$( ) containing case and parentheses', () => {
    expect(cmds('x=$(case a in a) echo hi;; esac)')).toEqual(['', 'echo hi']);
    expect(cmds('x=$( (a) )')).toEqual(['', 'a']);
  });
  it('process substitutions in words and redirect targets', () => {
    expect(withCtx('cat <(a) >(b) x<(c)')).toEqual([': cat <process:<(…)> <process:>(…)> <process:x<(…)>', 'procsub: a', 'procsub: b', 'procsub: c']);
    expect(withCtx('a < <(b)')).toEqual([': a', 'redirect/procsub: b']);
  });
  it('substitutions in assignment values, subscripts and arrays', () => {
    expect(withCtx('A=$(a) B[$(b)]=1 C=(x $(c)) d')).toEqual([': d', 'assignment/cmdsub: a', 'assignment/cmdsub: b', 'assignment/cmdsub: c']);
    expect(withCtx('export X=$(a)')).toEqual([': export <command:X=$(…)>', 'cmdsub: a']);
  });
  it('unterminated substitutions fail closed', () => {
    for (const s of ['echo $(a', 'echo `a', 'echo ${a', 'echo $((1+2)', 'echo <(a', 'a=(x y']) expect(issues(s)).toEqual(['parse']);
  });
});

describe('redirections', () => {
  const r = (src: string) => an(src).commands[0]!.redirects.map((x) => `${x.fd ?? ''}${x.op}${x.target.value ?? x.target.approx}`);
  it('every operator, fd numbers and {var}', () => {
    expect(r('a <i >o >>ap >|c <>rw <&3 >&2 &>all &>>app 2>e 10>&- {fd}>v 2>&1')).toEqual([
      '<i', '>o', '>>ap', '>|c', '<>rw', '<&3', '>&2', '&>all', '&>>app', '2>e', '10>&-', '-1>v', '2>&1',
    ]);
  });
  it('redirections may come first and between words', () => {
    const c = an('>out a 2>/dev/null b').commands[0]!;
    expect(c.argv.map((w) => w.value)).toEqual(['a', 'b']);
    expect(c.redirects.map((x) => x.target.value)).toEqual(['out', '/dev/null']);
  });
  it('redirection-only and assignment-only commands', () => {
    expect(an('> file').commands[0]!.argv).toEqual([]);
    expect(an('a=1').commands[0]!.env[0]!.value!.value).toBe('1');
  });
  it('a digit word not touching < > is a word', () => expect(cmds('echo 2 > x')).toEqual(['echo 2']));
  it('missing target fails closed', () => expect(issues('echo >')).toEqual(['parse']));
});

describe('heredocs and here-strings', () => {
  const hd = (src: string) => an(src).commands.flatMap((c) => c.redirects.filter((x) => x.heredoc).map((x) => x.heredoc!));
  it('quoted delimiter: literal body, nothing extracted', () => {
    for (const d of ["'EOF'", '"EOF"', '\\EOF', "E'O'F"]) {
      const x = an(`cat <<${d}\n$(rm x) \`rm y\` $HOME\nEOF\n`);
      expect(x.commands).toHaveLength(1);
      expect(x.commands[0]!.redirects[0]!.heredoc).toMatchObject({ quoted: true, body: '$(rm x) `rm y` $HOME\n' });
      expect(x.commands[0]!.redirects[0]!.heredoc!.word.static).toBe(true);
    }
  });
  it('unquoted delimiter: expansions extracted, word dynamic', () => {
    expect(withCtx('cat <<EOF\n$(rm x) `rm y`\nEOF')).toEqual([': cat', 'heredoc/cmdsub: rm x', 'heredoc/cmdsub: rm y']);
    const h = hd('cat <<EOF\na \\$b $c\nEOF\n')[0]!;
    expect(h.word.static).toBe(false);
    expect(h.word.approx).toBe('a $b $c\n');
    expect(hd('cat <<EOF\nplain "text"\nEOF\n')[0]!.word.value).toBe('plain "text"\n');
  });
  it('<<- strips leading tabs, including on the delimiter line', () => {
    const h = hd('cat <<-EOF\n\tone\n\t\ttwo\n\tEOF\necho after')[0]!;
    expect(h.body).toBe('one\ntwo\n');
    expect(cmds('cat <<-EOF\n\tone\n\tEOF\necho after')).toEqual(['cat', 'echo after']);
  });
  it('several heredocs on one line, in order', () => {
    const x = an('cat <<A; cat <<B\na body\nA\nb body\nB\nls');
    expect(hd('cat <<A; cat <<B\na body\nA\nb body\nB\nls').map((h) => h.body)).toEqual(['a body\n', 'b body\n']);
    expect(x.commands.map((c) => c.argv[0]!.value)).toEqual(['cat', 'cat', 'ls']);
  });
  it('heredoc inside $( ) and with a pipe', () => {
    expect(withCtx('x=$(cat <<EOF\n$(rm a)\nEOF\n)')).toEqual([': ', 'assignment/cmdsub: cat', 'assignment/cmdsub/heredoc/cmdsub: rm a']);
    expect(hd('cat <<EOF | sh\nrm -rf x\nEOF')[0]!.body).toBe('rm -rf x\n');
  });
  it('unquoted bodies join backslash-newlines before looking for the delimiter (as bash does)', () => {
    expect(cmds('cat <<EOF\nE\\\nOF\necho after')).toEqual(['cat', 'echo after']);
    expect(cmds('cat <<EOF\na\\\nEOF\nEOF\necho after')).toEqual(['cat', 'echo after']);
    expect(cmds('cat <<EOF\na\\\\\nEOF\necho after')).toEqual(['cat', 'echo after']);
    expect(issues('cat <<EOF\nx\\\n\\\nEOF\necho after')).toEqual(['parse']);
    // quoted bodies are literal: no joining
    expect(cmds("cat <<'EOF'\na\\\nEOF\necho after")).toEqual(['cat', 'echo after']);
  });
  it('body lines are not commands', () => expect(cmds('cat <<EOF\nrm -rf /\nEOF\n')).toEqual(['cat']));
  it('missing delimiter fails closed', () => {
    expect(issues('cat <<EOF\nbody')).toEqual(['parse']);
    expect(issues('cat <<EOF')).toEqual(['parse']);
  });
  it('here-strings: target word, substitutions extracted', () => {
    const c = an('bash <<< "rm -rf ~"').commands[0]!;
    expect(c.redirects[0]).toMatchObject({ op: '<<<' });
    expect(c.redirects[0]!.target.value).toBe('rm -rf ~');
    expect(withCtx('cat <<< $(rm a)')).toEqual([': cat', 'redirect/cmdsub: rm a']);
  });
});

describe('assignments', () => {
  const env = (src: string) => an(src).commands[0]!.env.map((a) => `${a.name}${a.append ? '+' : ''}=${a.array ? '(' + a.array.map((w) => w.value).join(' ') + ')' : a.value ? a.value.value ?? a.value.approx : ''}`);
  it('scalars, append, subscripts, arrays, empty', () => {
    expect(env('a=1 b+=2 c[1]=3 d=(x "y z") e= cmd')).toEqual(['a=1', 'b+=2', 'c=3', 'd=(x y z)', 'e=']);
    expect(an('e= cmd').commands[0]!.env[0]!.value).toBeNull();
  });
  it('assignments after the command name are arguments', () => expect(cmds('cmd a=1')).toEqual(['cmd a=1']));
  it('declare/export/local stay ordinary commands', () => {
    expect(cmds('declare -a a=(1 2); export B=2; local c')).toEqual(['declare -a a=(1 2)', 'export B=2', 'local c']);
  });
  it('no brace expansion in assignment values, tilde after : and =', () => {
    expect(env('P=~/a:~/b X={a,b} cmd')).toEqual(['P=/home/dev/a:/home/dev/b', 'X={a,b}']);
  });
  it('quoted names are not assignments', () => expect(cmds('"a"=1')).toEqual(['a=1']));
});

describe('comments and continuation', () => {
  it('# starts a comment only at a word start', () => {
    expect(cmds('echo a#b #c\necho d')).toEqual(['echo a#b', 'echo d']);
    expect(cmds('echo a;#b')).toEqual(['echo a']);
    expect(cmds("echo '#x' \\#y")).toEqual(['echo #x #y']);
  });
  it('line continuation joins words and lines, not inside single quotes', () => {
    expect(cmds('ec\\\nho a \\\n b')).toEqual(['echo a b']);
    expect(cmds("echo 'a\\\nb'")).toEqual(['echo a\\\nb']);
    expect(cmds('echo "a\\\nb"')).toEqual(['echo ab']);
  });
  it('a quoted newline stays inside its word', () => {
    expect(cmds("mv a '\n#' b")).toEqual(['mv a \n# b']);
  });
});
