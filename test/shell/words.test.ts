// Word resolution rules (types.ts Word), checked by hand and against bash itself.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { flattenBraces, parse, resolveWord, resolveParts, MODE_ARG, MODE_ASSIGN } from '../../engine/shell/index.ts';
import { an, argv0, HOME, show } from './helpers.ts';

const words = (src: string) => an(src).commands[0]!.argv;
const val = (src: string) => words(src).map(show);

describe('quote removal and escapes', () => {
  it.each([
    ["r''m", 'rm'], ['\\rm', 'rm'], ['"r"m', 'rm'], ["$'\\x72\\x6d'", 'rm'], ['$"rm"', 'rm'],
    ["'a b'", 'a b'], ['"a\\"b"', 'a"b'], ['"a\\b"', 'a\\b'], ['"\\$x"', '$x'], ['a\\ b', 'a b'],
    ['"a\\\nb"', 'ab'], ['r\\\nm', 'rm'], ["'\\n'", '\\n'], ['""', ''], ["''", ''], ['\\\\', '\\'],
  ])('%s → %s', (src, want) => {
    const w = argv0(src);
    expect(w.static).toBe(true);
    expect(w.value).toBe(want);
  });
  it('quoted flag', () => {
    expect(argv0('ab').quoted).toBe(false);
    expect(argv0("a''b").quoted).toBe(true);
    expect(argv0('\\ab').quoted).toBe(true);
  });
});

describe('ANSI-C $\'…\'', () => {
  it.each([
    ['\\a\\b\\e\\E\\f\\n\\r\\t\\v', '\x07\b\x1b\x1b\f\n\r\t\v'],
    ["\\\\\\'\\\"\\?", '\\\'"?'],
    ['\\101\\0101\\7', 'A\x081\x07'],
    ['\\x41\\x4g\\xZ', 'A\x04g\\xZ'],
    ['\\u00e9\\U0001F600', 'é😀'],
    ['\\cA\\c?\\c[', '\x01\x7f\x1b'],
    ['a\\0b', 'a'],
    ['\\q', '\\q'],
  ])("$'%s'", (inner, want) => {
    expect(argv0(`$'${inner}'`).value).toBe(want);
  });
  it('inside double quotes $\'…\' is literal', () => expect(argv0('"$\'x\'"').value).toBe("$'x'"));
});

describe('dynamic words', () => {
  it('kinds and approx', () => {
    expect(val('$x ${x} ${x:-y} $1 $@ ${#x} $(a) `a` $((1+2)) $[1] <(a) ~root')).toEqual([
      '<param:$x>', '<param:$x>', '<param:$x>', '<param:$1>', '<param:$@>', '<param:${#x}>', '<command:$(…)>',
      '<command:$(…)>', '<arith:$((…))>', '<arith:$((…))>', '<process:<(…)>', '<tilde-user:~root>',
    ]);
  });
  it('"$HOME"/x approximates to $HOME/x and lists the parameter', () => {
    const w = argv0('"$HOME"/x');
    expect(w).toMatchObject({ static: false, approx: '$HOME/x', params: ['HOME'], kinds: ['param'] });
  });
  it('$IFS tricks stay one word', () => {
    const w = words('rm$IFS-rf$IFS/');
    expect(w).toHaveLength(1);
    expect(w[0]!.params).toEqual(['IFS']);
  });
  it('params inside operands and subscripts are listed', () => {
    expect(argv0('${a:-$b}').params).toEqual(['a', 'b']);
    expect(argv0('${a[$i]}').params).toEqual(['a', 'i']);
    expect(argv0('${x:-$(rm y)}').kinds.sort()).toEqual(['command', 'param']);
  });
  it('substitutions counts nested command lists', () => {
    expect(argv0('a$(b)`c`<(d)').substitutions).toBe(3);
    expect(argv0('${x:-$(b)}').substitutions).toBe(1);
  });
  it('a lone $ or $ before a non-name is literal', () => {
    expect(val('$ a$ $% "$"')).toEqual(['$', 'a$', '$%', '$']);
  });
});

describe('globs', () => {
  it('unquoted * ? [..] and extglob make a word dynamic with globPrefix', () => {
    const g = (s: string) => { const w = argv0(s); return [w.static, w.kinds, w.globPrefix]; };
    expect(g('src/*.ts')).toEqual([false, ['glob'], 'src/']);
    expect(g('.git/hooks/*')).toEqual([false, ['glob'], '.git/hooks/']);
    expect(g('*')).toEqual([false, ['glob'], '']);
    expect(g('a?')).toEqual([false, ['glob'], 'a']);
    expect(g('x[ab]')).toEqual([false, ['glob'], 'x']);
    expect(g('x@(a|b)')).toEqual([false, ['glob'], 'x']);
    expect(g('~/d/*')).toEqual([false, ['glob'], HOME + '/d/']);
  });
  it('quoted glob characters are literal and escaped in approx', () => {
    const w = argv0('"*"x\\?');
    expect(w).toMatchObject({ static: true, value: '*x?', approx: '\\*x\\?' });
    expect(argv0('a[').static).toBe(true);
  });
  it('no globPrefix when something else is dynamic', () => expect(argv0('$x/*').globPrefix).toBeUndefined());
});

describe('tilde', () => {
  it('~, ~/x, ~+ and ~user', () => {
    expect(val('~ ~/x ~+ ~- ~root/x a~ "~" ~"x" \\~')).toEqual([
      HOME, HOME + '/x', '<param:$PWD>', '<param:$OLDPWD>', '<tilde-user:~root/x>', 'a~', '~', '~x', '~',
    ]);
  });
  it('after = and : in assignment-like arguments', () => {
    expect(val('echo a=~/x b=x:~/y --opt=~/z').slice(1)).toEqual([`a=${HOME}/x`, `b=x:${HOME}/y`, '--opt=~/z']);
  });
});

describe('brace expansion', () => {
  it('a word with several alternatives: static=false, kinds [], braces listed', () => {
    const w = argv0('r{m,}');
    expect(w).toMatchObject({ static: false, kinds: [] });
    expect(w.braces!.map((b) => b.value)).toEqual(['rm', 'r']);
  });
  it.each([
    ['{a,b}c', ['ac', 'bc']], ['{1..3}', ['1', '2', '3']], ['{3..1}', ['3', '2', '1']], ['{01..03}', ['01', '02', '03']],
    ['{a..e..2}', ['a', 'c', 'e']], ['{a{b,c}}', ['{ab}', '{ac}']], ['{a,b}{1,2}', ['a1', 'a2', 'b1', 'b2']],
    ['{,x}', ['', 'x']], ['~{/a,/b}', [HOME + '/a', HOME + '/b']],
  ])('%s', (src, want) => expect(argv0(src).braces!.map((b) => b.value)).toEqual(want));
  it('no expansion when quoted, single, or not a brace form', () => {
    for (const s of ['"{a,b}"', '{a}', '{}', '\\{a,b}', '{a..}', '${x}']) expect(argv0(s).braces).toBeUndefined();
  });
  it('flattenBraces spreads alternatives into argv', () => {
    expect(flattenBraces(words('x {rm,-rf} y')).map((w) => w.value)).toEqual(['x', 'rm', '-rf', 'y']);
  });
  it('dynamic alternatives', () => {
    const w = argv0('{$a,b}');
    expect(w.braces!.map(show)).toEqual(['<param:$a>', 'b']);
    expect(w.kinds).toEqual(['param']);
  });
  it('huge expansions stop with a limit issue', () => {
    const x = an('echo {1..100000}');
    expect(x.issues.map((i) => i.kind)).toContain('limit');
    const y = an('echo ' + '{a,b}'.repeat(20));
    expect(y.issues.map((i) => i.kind)).toContain('limit');
  });
});

describe('cat-heredoc command substitution (commit-message idiom)', () => {
  it('resolves statically inside double quotes', () => {
    const w = an("git commit -m \"$(cat <<'EOF'\nline 1\n\nline 2\n\n\nEOF\n)\"").commands[0]!.argv[3]!;
    expect(w).toMatchObject({ static: true, value: 'line 1\n\nline 2', substitutions: 1 });
  });
  it('stays dynamic when the heredoc is unquoted or anything else is in the $( )', () => {
    for (const s of ['"$(cat <<EOF\nx\nEOF\n)"', "\"$(cat <<'EOF' | tr a b\nx\nEOF\n)\"", "\"$(cat -n <<'EOF'\nx\nEOF\n)\"", "\"$(cat <<'EOF' >f\nx\nEOF\n)\""]) {
      expect(an('echo ' + s).commands[0]!.argv[1]!.static).toBe(false);
    }
  });
  it('unquoted, only when the body cannot split', () => {
    expect(an("echo $(cat <<'EOF'\nword\nEOF\n)").commands[0]!.argv[1]!.value).toBe('word');
    expect(an("echo $(cat <<'EOF'\ntwo words\nEOF\n)").commands[0]!.argv[1]!.static).toBe(false);
  });
});

// ------------------------------------------------------------- bash oracle

/** Ask bash for the argv of `printf '%s\0' WORDS` (words without substitutions: nothing runs). */
function bashWords(src: string): string[] {
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', `cd /nonexistent-dir-for-globs 2>/dev/null; printf '%s\\0' ${src}`], {
    env: { HOME, PATH: '/usr/bin:/bin', LC_ALL: 'C.UTF-8' },
    encoding: 'utf8',
  });
  return out.split('\0').slice(0, -1);
}

describe('agreement with bash on static words', () => {
  const samples = [
    "r''m", '\\rm', '"r"m', "$'\\x72\\x6d'", "a'b c'd", '"a\\"b\\$c\\`d\\\\e\\f"', 'a\\ b\\\tc', "$'\\101\\x42\\u0043\\cD\\e'",
    '~ ~/x a=~/b:~/c', '{a,b}{1..3}', 'r{m,}', '{a{b,c}}', '{01..10..3}', '{z..w}', 'x{,}y', '"{a,b}"',
    "{@'{'0},--output=/tmp/pwned}", '{a}b,c}', '{a"{"b}x,y}', 'x{a}y{b,c}', '{a,b}c}', "{a'}'b,c}", '{a{b}c,d}', '{1..3}x,y}',
    'a#b', '"a\nb"', "'x\\\ny'", '"p\\\nq"', 'x\\\ny', '$"loc"', '\\~ "~"', '{-3..3..2}', '{a,b\\,c}', "{a,'b,c'}",
  ];
  it.each(samples)('%s', (src) => {
    const mine = an('printf %s ' + src).commands[0]!.argv.slice(2);
    const flat = flattenBraces(mine);
    expect(flat.every((w) => w.static)).toBe(true);
    expect(flat.map((w) => w.value)).toEqual(bashWords(src));
  });
});

describe('the quoted-literal shortcut of resolveWord', () => {
  // one '…', $'…' or "…" without expansions is resolved without segments; it must give exactly
  // the Word the general path gives (same fields, same order), in every mode that takes it
  it.each([
    "'a b'", "''", "'*.ts'", "'[x]'", "'~/a'", "'{a,b}'", '"a b"', '""', '"a\\"b"', '"a\\b"', '"\\$x"', '"*?["',
    '"~/x"', '"{a,b}"', "$'\\x72\\x6d'", "$'a*'", '"a\\\nb"', '"é\\`"',
  ])('%s', (src) => {
    const w = parse(src).ast.items[0]!.andor.pipelines[0]!.commands[0]! as { words: Parameters<typeof resolveWord>[0][] };
    const node = w.words[0]!;
    for (const mode of [MODE_ARG, MODE_ASSIGN]) {
      const fast = resolveWord(node, HOME, undefined, mode);
      const general = resolveParts(node.parts, node.span, node.raw, HOME, mode);
      expect(JSON.stringify(fast)).toBe(JSON.stringify(general));
    }
  });
});
