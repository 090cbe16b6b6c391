// Arithmetic contexts (Extraction.arith): every case below is also run by real bash, which must
// agree: where bash runs the command hidden in the text, the analyser marks a `code` site; where
// the text is a number, a name or a static expression of safe names, no site is `code`.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { an } from './helpers.ts';
import { mayHoldArith } from '../../engine/shell/arith.ts';
import { PermissionEngine, loadPolicy } from '../../engine/index.ts';
import { readFileSync } from 'node:fs';

// PAYLOAD is replaced by a command that creates a marker file.
const RUNS: string[] = [
  `x='a[PAYLOAD]'; (( x ))`,
  `x='a[PAYLOAD]'; (( $x ))`,
  `x='a[PAYLOAD]'; echo $(( x + 1 ))`,
  `x='a[PAYLOAD]'; echo $[ x ]`,
  `x='a[PAYLOAD]'; let x`,
  `x='a[PAYLOAD]'; let "y = x * 2"`,
  `x='a[PAYLOAD]'; for (( i = x; 0; )); do :; done`,
  `x='a[PAYLOAD]'; a[$x]=1`,
  `x='a[PAYLOAD]'; a[x]=1`,
  `x='a[PAYLOAD]'; a=(1); echo \${a[$x]}`,
  `x='a[PAYLOAD]'; a=(1); echo \${#a[$x]}`,
  `x='a[PAYLOAD]'; a=([$x]=1)`,
  `x='a[PAYLOAD]'; y=abc; echo \${y:x}`,
  `x='a[PAYLOAD]'; y=abc; echo \${y:0:$x}`,
  `x='a[PAYLOAD]'; declare -i n="$x"`,
  `x='a[PAYLOAD]'; typeset -i n=$x`,
  `x='a[PAYLOAD]'; f() { local -i n="$x"; }; f`,
  `x='a[PAYLOAD]'; declare -i n; n=$x`,
  `x='a[PAYLOAD]'; declare -i n; read n <<< "$x"`,
  `x='a[PAYLOAD]'; declare -i n; printf -v n %s "$x"`,
  `x='a[PAYLOAD]'; [[ $x -eq 1 ]]`,
  `x='a[PAYLOAD]'; [[ 1 -lt x ]]`,
  `[[ 'a[PAYLOAD]' -ge 1 ]]`,
  `test -v 'a[PAYLOAD]'`,
  `a=(1); [ -v 'a[PAYLOAD]' ]`,
  `printf -v 'a[PAYLOAD]' %s 1`,
  `read 'a[PAYLOAD]' <<< 1`,
  `a=(1 2); unset 'a[PAYLOAD]'`,
  `declare 'a[PAYLOAD]=1'`,
  `x='a[PAYLOAD]'; declare -n r="$x"; : $r`,
  `x='a[PAYLOAD]'; echo \${!x}`,
  `x=y; y='a[PAYLOAD]'; (( x ))`,
  `(( 'a[PAYLOAD]' ))`,
  `trap '(( y ))' EXIT; y='a[PAYLOAD]'`,
  `f() { echo $(( $1 )); }; f 'a[PAYLOAD]'`,
  `f() { (( $1 )); }; eval 'f "a[\\PAYLOAD]"'`,
  `f() { shift; (( $1 )); }; f 1 'a[PAYLOAD]'`,
  `echo $(( $(cat count.txt) + 1 ))`,
];

/** Bash does not evaluate these as arithmetic (checked below too): no site may be code. */
const SAFE: string[] = [
  `x='a[PAYLOAD]'; test "$x" -eq 1`,
  `x='a[PAYLOAD]'; [ "$x" -eq 1 ]`,
  `x='a[PAYLOAD]'; printf %d "$x"`,
  `x='a[PAYLOAD]'; [[ $x == 1 ]]`,
  `declare -A A; x='a[PAYLOAD]'; A[$x]=1`,
  `(( i + 1 ))`,
  `for i in 1 2 3; do echo $(( i * 2 )); done`,
  `for i in {1..4}; do echo $(( $i + 1 )); done`,
  `n=5; echo $(( n > 3 ? n : 3 ))`,
  `echo $(( RANDOM % 6 )) $(( $# + 1 ))`,
  `a=(x y); echo \${a[1]} \${#a[@]} \${a[@]:1}`,
  `s=abc; echo \${s:1:2}`,
  `declare -i n=4; n+=1`,
  `let 'a = 1 + 2'`,
  `[[ 3 -gt 2 ]]`,
  `read -r line < f; echo "$line"`,
  `echo "$(( $(wc -l < count.txt) + 1 ))"`,
  `f() { [ "$1" -le 0 ] && return; echo "$1"; f $(( $1 - 1 )); }; f 3`,
  `(( $1 + 1 ))`,
  `f() { (( $1 )); }`,
];

const bash = (() => {
  try {
    execFileSync('bash', ['-c', 'exit 0']);
    return true;
  } catch {
    return false;
  }
})();

function runsUnderBash(cmd: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'arith-'));
  const mark = join(dir, 'ran');
  try {
    writeFileSync(join(dir, 'count.txt'), `a[$(: > ${mark})]\n`);
    execFileSync('bash', ['-c', cmd.replaceAll('PAYLOAD', `$(: > ${mark})`)], { stdio: 'ignore', cwd: dir, timeout: 5000 });
  } catch {
    /* errors are fine: only the marker counts */
  }
  const ran = existsSync(mark);
  rmSync(dir, { recursive: true, force: true });
  return ran;
}

const asText = (cmd: string) => cmd.replaceAll('PAYLOAD', '$(id)');
const codeSites = (cmd: string) => (an(asText(cmd)).arith ?? []).filter((s) => s.safety === 'code');

describe('arithmetic sites', () => {
  it.each(RUNS)('%s: a code site', (cmd) => {
    expect(codeSites(cmd).length).toBeGreaterThan(0);
  });
  it.each(SAFE)('%s: no code site', (cmd) => {
    expect(codeSites(cmd)).toEqual([]);
  });
  it.runIf(bash).each(RUNS)('bash runs the hidden command in %s', (cmd) => {
    expect(runsUnderBash(cmd)).toBe(true);
  });
  it.runIf(bash).each(SAFE)('bash runs nothing hidden in %s', (cmd) => {
    expect(runsUnderBash(cmd)).toBe(false);
  });

  it('records kind, span, text and safety', () => {
    const src = 'a[1]=2; echo $(( n + 1 )) ${s:2}';
    const sites = an(src).arith!;
    expect(sites.map((s) => [s.kind, s.safety, s.text.trim()])).toEqual([
      ['subscript', 'number', '1'],
      ['arith', 'expr', 'n + 1'],
      ['substring', 'number', '2'],
    ]);
    expect(src.slice(sites[1]!.span.start, sites[1]!.span.end)).toBe('$(( n + 1 ))');
  });

  it('a plain name set nowhere in the source is safe; $name set nowhere is code', () => {
    expect(codeSites('(( count > 3 ))')).toEqual([]);
    expect(codeSites('(( $count > 3 ))').length).toBe(1);
  });

  it('names whose values name each other are followed once per value, not once per path', () => {
    // 8 names a level, each naming all 8 of the next: 8^12 paths from n0_0 to the last level
    const tree = (levels: number, leaf: string) => {
      let s = '';
      for (let l = 0; l < levels; l++) {
        const next = Array.from({ length: 8 }, (_, k) => `n${l + 1}_${k}`).join('+');
        for (let k = 0; k < 8; k++) s += `n${l}_${k}='${next}'; `;
      }
      for (let k = 0; k < 8; k++) s += `n${levels}_${k}=${k === 7 ? leaf : '1'}; `;
      return s + '(( n0_0 ))';
    };
    expect(codeSites(tree(11, '1'))).toEqual([]);
    // the one value of the last level that runs a command is still found, whatever the path
    expect(codeSites(tree(11, "'a[$(id)]'")).length).toBe(1);
    // and a chain deeper than names are followed is code
    expect(codeSites(tree(13, '1')).length).toBe(1);
  });

  it('values that expand without bound are code, not a crash', () => {
    const big = 'x=' + 'a'.repeat(30_000) + '; ' + 'y=$x$x$x$x$x$x$x$x$x$x; '.repeat(1) + 'z=$y$y$y$y$y$y$y$y$y$y; (( z ))';
    expect(codeSites(big).length).toBe(1);
  });
});

describe('the Bash check asks on code in arithmetic', () => {
  const engine = new PermissionEngine(loadPolicy(readFileSync('policies/default.yaml', 'utf8')));
  const decide = (command: string, mode = 'bypassPermissions') =>
    engine.decide({ tool: 'Bash', input: { command } }, { mode: mode as 'default', cwd: '/home/dev/app', home: '/home/dev' });
  it.each(RUNS.slice(0, 8))('%s → ask', (cmd) => {
    const d = decide(asText(cmd), 'default');
    expect(d.behavior).toBe('ask');
  });
  it('a benign arithmetic loop stays allowed where it was', () => {
    expect(decide('for i in 1 2 3; do echo $(( i * 2 )); done', 'default').behavior).toBe('allow');
  });
});

describe('the arithmetic pre-check', () => {
  // mayHoldArith looks for every trigger text in one pass with a pair table; it must say exactly
  // what searching for each text would say (a false positive only costs time, but the Extraction
  // then holds `assigned`, so even those must not change)
  const TRIGGERS = ['((', '[', '${', 'let', 'local', 'declare', 'typeset', 'test', 'read', 'printf', 'unset'];
  const ALPHABET = ['[', '(', '$', '{', 'l', 'e', 't', 'o', 'c', 'a', 'd', 'r', 'y', 'p', 's', 'n', 'i', 'f', 'u', ' ', 'é', '\u{1F600}', 'x'];
  it('is true exactly when the text holds one of the trigger texts', () => {
    let seed = 17;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    for (let i = 0; i < 20000; i++) {
      let s = '';
      for (let j = rnd(12); j > 0; j--) s += ALPHABET[rnd(ALPHABET.length)];
      expect(mayHoldArith(s), JSON.stringify(s)).toBe(TRIGGERS.some((t) => s.includes(t)));
    }
    for (const s of ['', '[', 'x[', '((', '(', '$', '${', 'le', 'let', 'loca', 'local', 'declar', 'declare', 'tes', 'test', 'rea', 'read', 'print', 'printf', 'unse', 'unset', 'é[']) {
      expect(mayHoldArith(s), s).toBe(TRIGGERS.some((t) => s.includes(t)));
    }
  });
});
