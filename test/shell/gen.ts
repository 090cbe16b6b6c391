// A small generator of random, well-formed bash scripts for the property tests.
import fc from 'fast-check';

const NAMES = ['ls', 'cat', 'rm', 'echo', 'git', 'x', 'grep'];
const plainWord = fc.constantFrom('a', 'b1', '-rf', 'src/x.ts', '/tmp', '.', '--opt=v', 'a.b', '%x', '1');

export interface GenOpts {
  depth: number;
}

function word(d: number): fc.Arbitrary<string> {
  const leaf = fc.oneof(
    plainWord,
    fc.constantFrom("'q t'", '"d q"', '"$x"', '$y', '${z}', '${z:-w}', '\\n', "$'\\x41b'", '$"loc"', '{a,b}', '*.ts', '~/h', 'a#b', '$((1 + 2))', '"a\\"b"', '$[1]', "''",
      '`echo b`', '@(x|y)', 'r\\\nm', '${#a[@]}', '"${a[0]:-$y}"'),
  );
  if (d <= 0) return leaf;
  return fc.oneof(
    { weight: 4, arbitrary: leaf },
    { weight: 1, arbitrary: list(d - 1).map((l) => `$(${l})`) },
    { weight: 1, arbitrary: list(d - 1).map((l) => `"$(${l})"`) },
    { weight: 1, arbitrary: list(d - 1).map((l) => `<(${l})`) },
    { weight: 1, arbitrary: list(d - 1).map((l) => `\${v:-$(${l})}`) },
    { weight: 1, arbitrary: fc.tuple(leaf, leaf).map(([a, b]) => a + b) },
  );
}

function simple(d: number): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.array(word(d).map((w) => `V=${w}`), { maxLength: 2 }),
      fc.constantFrom(...NAMES),
      fc.array(word(d), { maxLength: 3 }),
      fc.array(fc.constantFrom('>out', '2>&1', '<in', '>>log', '&>/dev/null', '<<<"s $x"', '3<&-', '{fd}>f'), { maxLength: 2 }),
    )
    .map(([as, n, ws, rs]) => [...as, n, ...ws, ...rs].join(' '));
}

function compound(d: number): fc.Arbitrary<string> {
  const l = list(d - 1);
  const w = word(d - 1);
  return fc.oneof(
    l.map((x) => `( ${x} )`),
    l.map((x) => `{ ${x}; }`),
    fc.tuple(l, l, l).map(([a, b, c]) => `if ${a}; then ${b}; else ${c}; fi`),
    fc.tuple(l, l).map(([a, b]) => `while ${a}; do ${b}; done`),
    fc.tuple(l, l).map(([a, b]) => `until ${a}; do ${b}; done`),
    fc.tuple(fc.array(w, { maxLength: 3 }), l).map(([ws, b]) => `for i in ${ws.join(' ')}; do ${b}; done`),
    fc.tuple(w, l, l).map(([x, a, b]) => `case ${x} in a|b) ${a};; *) ${b};; esac`),
    l.map((x) => `f() { ${x}; }`),
    l.map((x) => `function g { ${x}; }`),
    fc.tuple(w, w).map(([a, b]) => `[[ ${a} == ${b} && -n ${a} ]]`),
    fc.constantFrom('(( i++ ))', '(( x = 1 + 2 ))', 'for ((i=0; i<2; i++)); do :; done', '[[ $x =~ ^(a|b)+$ ]]', 'A=(x "y z") B+=(w)',
      "trap 'rm -f t' EXIT", 'time -p ls', 'select s in a b; do break; done', 'case x in a) ;& b) ls;;& *) :; esac'),
  );
}

function command(d: number): fc.Arbitrary<string> {
  if (d <= 0) return simple(0);
  return fc.oneof({ weight: 3, arbitrary: simple(d) }, { weight: 1, arbitrary: compound(d) });
}

function pipeline(d: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.boolean(), command(d), fc.array(fc.tuple(fc.constantFrom(' | ', ' |& '), command(d)), { maxLength: 2 }))
    .map(([neg, c, rest]) => (neg ? '! ' : '') + c + rest.map(([o, x]) => o + x).join(''));
}

const heredoc = fc.constantFrom(
  "cat <<'EOF'\n$(rm x) body\nEOF\n",
  'cat <<EOF\nhello $USER $(date)\nEOF\n',
  'cat <<-END | sh\n\techo hi\n\tEND\n',
);

export function list(d: number): fc.Arbitrary<string> {
  const item = fc.oneof({ weight: 6, arbitrary: pipeline(d) }, { weight: 1, arbitrary: heredoc });
  return fc
    .tuple(item, fc.array(fc.tuple(fc.constantFrom('; ', ' && ', ' || ', ' & ', '\n'), item), { maxLength: 3 }))
    .map(([first, rest]) => {
      let out = first;
      for (const [sep, it] of rest) {
        if (out.endsWith('\n')) out += it;
        else out += sep + (sep === '\n' ? '' : '') + it;
      }
      return out.endsWith('\n') ? out.slice(0, -1) + '\n:' : out;
    });
}

export const script = list(2);
