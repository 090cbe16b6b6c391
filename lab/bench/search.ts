// Worst-case search: generated input shapes (nesting of every construct, repetition, quoting,
// braces, ranges, wrappers, option lists, heredocs, arithmetic, long words; checks that multiply:
// loop and assigned values, cwds a cd may leave, symlinks, long paths, carriers holding scripts …)
// scaled up to a size limit, each timed through PermissionEngine.decide. `npm run bench` prints the slowest five;
// `npx tsx lab/bench/search.ts [KiB]` prints them alone. The vitest suite runs the same shapes at
// a small size for correctness only (every shape answered, no throw, a limit answers ask).
import { PermissionEngine, type Decision, type ModeName } from '../../engine/index.ts';
import { settle } from './stats.ts';

export interface SearchShape {
  name: string;
  /** A command of about `bytes` bytes (never more). */
  make(bytes: number): string;
}

/** `unit` repeated between prefix and suffix to fill `bytes`. */
function fill(prefix: string, unit: string, suffix: string, bytes: number): string {
  const n = Math.max(1, Math.floor((bytes - prefix.length - suffix.length) / unit.length));
  return prefix + unit.repeat(n) + suffix;
}

/** `open` … `close` nested as deep as `bytes` allows, around `core`. */
function nest(open: string, core: string, close: string, bytes: number): string {
  const n = Math.max(1, Math.floor((bytes - core.length) / (open.length + close.length)));
  return open.repeat(n) + core + close.repeat(n);
}

export const SEARCH_SHAPES: SearchShape[] = [
  { name: 'nest $( )', make: (b) => nest('$(', 'id', ')', b) },
  { name: 'nest "$( )"', make: (b) => 'echo ' + nest('"$(echo ', 'id', ')"', b - 5) },
  { name: 'nest backticks', make: (b) => { const n = Math.max(1, Math.min(12, Math.floor(Math.log2(b / 4)))); let s = 'id'; for (let i = 0; i < n; i++) s = 'echo `' + s.replace(/[\\`$]/g, (c) => '\\' + c) + '`'; return s.slice(0, b); } },
  { name: 'nest ( )', make: (b) => nest('(', 'id', ')', b) },
  { name: 'nest { }', make: (b) => nest('{ ', 'id; ', '}; ', b) },
  { name: 'nest if', make: (b) => nest('if true; then ', 'id; ', 'fi; ', b) },
  { name: 'nest while', make: (b) => nest('while true; do ', 'id; ', 'done; ', b) },
  { name: 'nest case', make: (b) => nest('case x in x) ', 'id ', ';; esac; ', b) },
  { name: 'nest $(( ))', make: (b) => 'echo ' + nest('$((', '1', '))', b - 5) },
  { name: 'nest (( ( ) ))', make: (b) => '(( ' + nest('(', '1', ')', b - 6) + ' ))' },
  { name: 'nest ${ }', make: (b) => 'echo ' + nest('${x:-', 'y', '}', b - 5) },
  { name: 'nest [[ ( ) ]]', make: (b) => '[[ ' + nest('( ', 'a ', ') ', b - 6) + ']]' },
  { name: 'nest <( )', make: (b) => 'cat ' + nest('<(cat ', 'f', ')', b - 4) },
  { name: 'nest bash -c', make: (b) => { let s = 'id'; while (s.length * 2 + 12 < b) s = `bash -c '${s.split("'").join("'\\''")}'`; return s; } },
  { name: 'nest sudo', make: (b) => fill('', 'sudo ', 'id', b) },
  { name: 'wrappers mixed', make: (b) => fill('', 'timeout 5 nice -n 1 env A=1 nohup ', 'id', b) },
  { name: 'git -c a=b ×N', make: (b) => fill('git ', '-c a=b ', 'status', b) },
  { name: 'option list', make: (b) => fill('ls ', '-l ', '.', b) },
  { name: 'long options', make: (b) => fill('grep ', '--color=auto ', 'x f', b) },
  { name: 'braces {a,b}×N', make: (b) => fill('echo ', '{a,b}', '', b) },
  { name: 'braces {1..2}×N', make: (b) => fill('echo ', '{1..2}', '', b) },
  { name: 'brace range huge', make: () => 'echo {1..99999999}' },
  { name: 'braces nested', make: (b) => 'echo ' + nest('{a,', 'b', '}', b - 5) },
  { name: 'braces wide', make: (b) => 'echo {' + fill('', 'a,', 'b', b - 7) + '}' },
  { name: 'globs', make: (b) => fill('ls ', '*/?[a-z]', '', b) },
  { name: 'extglob nest', make: (b) => 'ls ' + nest('@(', 'a', ')', b - 3) },
  { name: 'quotes mixed', make: (b) => fill('echo ', `"a'b"'c"d'\\"$'\\x41'`, '', b) },
  { name: 'ansi-c escapes', make: (b) => fill("echo $'", '\\x41\\u263a\\n', "'", b) },
  { name: 'backslashes', make: (b) => fill('echo ', '\\a', '', b) },
  { name: 'long word', make: (b) => 'echo ' + 'a'.repeat(Math.max(1, b - 5)) },
  { name: 'long assignment', make: (b) => 'x=' + 'a'.repeat(Math.max(1, b - 2)) },
  { name: 'many assignments', make: (b) => fill('', 'a=1 ', 'true', b) },
  { name: 'many pipes', make: (b) => fill('cat f', ' | cat', '', b) },
  { name: 'and-or chain', make: (b) => fill('true', ' && false || echo ok', '', b) },
  { name: 'many commands', make: (b) => fill('', 'echo a; ', '', b) },
  { name: 'heredocs', make: (b) => fill('', 'cat <<EOF\nhello $USER $(id)\nEOF\n', '', b) },
  { name: 'one big heredoc', make: (b) => fill('cat <<EOF\n', '$x ${y} $(z) line\n', 'EOF\n', b) },
  { name: 'heredocs pending', make: (b) => { const n = Math.max(1, Math.floor(b / 40)); return 'cat' + ' <<E'.repeat(n) + '\n' + 'x\nE\n'.repeat(n); } },
  { name: 'arithmetic long', make: (b) => fill('echo $(( ', 'a+1*', '1 ))', b) },
  { name: 'arithmetic names', make: (b) => fill('a=1; ', 'b=$a; ', '(( b ))', b) },
  { name: 'arith values ×', make: (b) => fill('x=' + 'a'.repeat(Math.floor(b / 4)) + '; y=', '$x', '; (( y ))', b) },
  // names whose values name each other, up to 11 levels deep: exponentially many paths to the last level
  { name: 'arith names each other', make: (b) => arithTree(b, (l, n) => { let s = ''; for (let k = 0; k < n; k++) s += `n${l}_${k}='${Array.from({ length: n }, (_, j) => `n${l + 1}_${j}`).join('+')}'; `; return s; }) },
  { name: 'arith values each other', make: (b) => arithTree(b, (l, n) => { let s = ''; for (let k = 0; k < 2 * Math.min(n, 16); k++) s += `n${l}_${k % 2}='n${l + 1}_${(k >> 1) % 2}'; `; return s; }) },
  { name: 'subscripts', make: (b) => fill('echo ', '${a[i+1]}', '', b) },
  { name: 'let args', make: (b) => fill('let ', 'a=a+1 ', '', b) },
  { name: 'declare -i', make: (b) => fill('declare -i n; ', 'n=n+1; ', '', b) },
  { name: 'for words', make: (b) => fill('for i in ', '1 ', '; do echo $((i)); done', b) },
  { name: 'functions', make: (b) => fill('', 'f() { g; }; ', 'f', b) },
  { name: 'aliases', make: (b) => fill('', "alias a='b'; ", 'a', b) },
  { name: 'traps', make: (b) => fill('', "trap 'echo x' EXIT; ", '', b) },
  { name: 'redirections', make: (b) => fill('echo ', '>f 2>&1 ', '', b) },
  { name: 'find -exec', make: (b) => fill('find . ', '-exec echo {} \\; ', '', b) },
  { name: 'xargs chain', make: (b) => fill('', 'xargs ', 'echo', b) },
  { name: 'unicode', make: (b) => fill('echo ', 'é☺𝄞', '', b) },
  { name: 'comments', make: (b) => fill('', 'echo a # comment\n', '', b) },
  { name: 'line continuations', make: (b) => fill('echo', ' \\\na', '', b) },
  { name: 'params in a word', make: (b) => fill('echo ', '$x', '', b) },
  { name: 'params in "…"', make: (b) => fill('echo "', '${x:-a}', '"', b) },
  { name: 'case patterns', make: (b) => fill('case x in ', 'a|', 'b) id;; esac', b) },
  { name: '[[ && ]] chain', make: (b) => fill('[[ a ', '&& -n a ', ']]', b) },
  { name: 'array items', make: (b) => fill('a=(', 'x ', ')', b) },
  { name: 'eval chain', make: (b) => fill('', 'eval ', 'id', b) },
  { name: 'env assignments', make: (b) => fill('env ', 'A=1 ', 'id', b) },
  { name: 'sudo options', make: (b) => fill('sudo ', '-u root ', 'id', b) },
  { name: 'xargs -I words', make: (b) => fill('xargs -I{} echo ', '{} ', '', b) },
  { name: 'cd chain', make: (b) => fill('', 'cd a; ', 'rm -rf b', b) },
  { name: 'function calls', make: (b) => fill('f() { rm -f "$1"; }; ', 'f a; ', '', b) },
  { name: 'for values used', make: (b) => fill('for f in ', 'a ', '; do cat "src/$f"; done', b) },
  { name: 'static values used', make: (b) => fill('x=a; ', 'cat "$x"; ', '', b) },
  { name: 'while read loop', make: (b) => fill('find . | while read -r f; do ', 'head "$f"; ', 'done', b) },
  { name: 'pipe into xargs', make: (b) => fill('find src', ' | xargs wc -l', '', b) },
  { name: 'dq backticks', make: (b) => fill('echo "', '`id`', '"', b) },
  { name: 'procsubs', make: (b) => fill('cat ', '<(id) ', '', b) },
  // multiplying checks: loop values, assigned values and cwds times commands
  { name: 'loop values × body', make: (b) => fill('for f in a b c d e f g h i j k l m n o p; do ', 'cat "$f"; ', 'done', b) },
  { name: 'nested loop values', make: (b) => fill('for a in 1 2 3 4 5 6 7 8; do for b in 1 2 3 4 5 6 7 8; do ', 'cat "$a/$b"; ', 'done; done', b) },
  { name: 'assigned values ×', make: (b) => fill('x=a; x=b; x=c; x=d; x=e; x=f; x=g; x=h; x=i; x=j; x=k; x=l; x=m; x=n; x=o; x=p; ', 'cat "$x" "$x"; ', '', b) },
  { name: 'two names × values', make: (b) => fill('x=a; x=b; x=c; x=d; y=a; y=b; y=c; y=d; ', 'cp "$x" "$y"; ', '', b) },
  { name: 'cd -P chain', make: (b) => fill('', 'cd -P a; ', 'rm -rf b', b) },
  { name: 'CDPATH cd chain', make: (b) => fill('', 'CDPATH=a:b:c:d cd x; ', 'rm -rf b', b) },
  { name: 'cd glob chain', make: (b) => fill('', 'cd s?; ', 'rm -rf b', b) },
  { name: 'cd then commands', make: (b) => fill('cd a; cd b; cd c; cd d; ', 'cat f; ', '', b) },
  { name: 'pushd chain', make: (b) => fill('', 'pushd a; ', 'rm -rf b', b) },
  { name: 'symlink chain', make: (b) => { const n = Math.max(1, Math.floor(b / 16)); let s = ''; for (let i = 0; i < n && s.length < b - 30; i++) s += `ln -s l${i} l${i + 1}; `; return s + 'rm -rf l0'; } },
  // long paths and many path words
  { name: 'long static path', make: (b) => fill('cat ', 'a/', 'f', b) },
  { name: 'many path words', make: (b) => fill('cat ', 'a/b/c/d/e/f/g/h ', '', b) },
  { name: 'many ~ paths', make: (b) => fill('cat ', '~/.ssh/id ', '', b) },
  { name: 'many globs words', make: (b) => fill('ls ', 'src/*/x?.ts ', '', b) },
  { name: 'many redirections', make: (b) => fill('echo a', ' >f', '', b) },
  // carriers holding long scripts
  { name: 'bash -c script', make: (b) => fill("bash -c '", 'echo a; ', "'", b) },
  { name: 'bash heredoc script', make: (b) => fill("bash <<'EOF'\n", 'echo a\n', 'EOF\n', b) },
  { name: 'eval script', make: (b) => fill("eval '", 'echo a; ', "'", b) },
  { name: 'find -exec sh -c', make: (b) => fill("find . -exec sh -c '", 'cat f; ', "' \\;", b) },
  { name: 'xargs sh -c', make: (b) => fill("find . | xargs -I{} sh -c '", 'cat {}; ', "'", b) },
  { name: 'function body calls', make: (b) => fill('f() { cd a; rm -rf b; }; ', 'f; ', '', b) },
  { name: 'listers as args', make: (b) => fill('cat ', '$(find src) ', '', b) },
  { name: 'value chain', make: (b) => { const n = Math.max(1, Math.floor(b / 12)); let s = 'v0=a; '; for (let i = 1; i < n && s.length < b - 20; i++) s += `v${i}=$v${i - 1}; `; return s + 'cat "$v1"'; } },
  { name: 'while read bodies', make: (b) => fill('git ls-files | while read -r f; do ', 'head "$f"; wc -l "$f"; ', 'done', b) },
  { name: 'pipes of xargs', make: (b) => fill('find src', ' | xargs grep -l x', '', b) },
  // payloads multiplied by values, and commands whose checks are heavy (many paths, detectors)
  { name: 'eval long value ×', make: (b) => fill(`x='${'echo a; '.repeat(500)}'; `, 'eval "$x"; ', '', b) },
  { name: 'bash -c long value ×', make: (b) => fill(`x='${'echo a; '.repeat(500)}'; `, 'bash -c "$x"; ', '', b) },
  { name: 'eval paths value ×', make: (b) => fill(`x='${'cp a/b c/d e/f g/h i/j k/l m/n o/p; '.repeat(30)}'; `, 'eval "$x"; ', '', b) },
  { name: 'eval values ×', make: (b) => fill("x='echo a; echo b'; x='cat c'; x=c; x=d; x=e; x=f; x=g; x=h; ", 'eval "$x"; ', '', b) },
  { name: 'bash -c values ×', make: (b) => fill("x='echo a'; x='echo b'; x=c; x=d; x=e; x=f; x=g; x=h; ", 'bash -c "$x"; ', '', b) },
  { name: 'git values ×', make: (b) => fill('x=a; x=b; x=c; x=d; x=e; x=f; x=g; x=h; ', 'git "$x" a; ', '', b) },
  { name: 'two names rm', make: (b) => fill('x=a; x=b; x=c; x=d; y=a; y=b; y=c; y=d; ', 'rm -rf "$x" "$y"; ', '', b) },
  { name: 'cp 15 paths', make: (b) => fill('', 'cp a/b c/d e/f g/h i/j k/l m/n o/p q/r s/t u/v w/x y/z a/c b/d; ', '', b) },
  { name: 'rm -rf 15 paths', make: (b) => fill('', 'rm -rf a/b c/d e/f g/h i/j k/l m/n o/p q/r s/t u/v w/x y/z a/c b/d; ', '', b) },
  { name: 'mv protected paths', make: (b) => fill('', 'mv ~/a/b /etc/c ~/.ssh/x ../../y; ', '', b) },
  { name: 'find -exec rm many', make: (b) => fill('', 'find . -name x -exec rm {} \\; ; ', '', b) },
  { name: 'python -c each', make: (b) => fill('', `python3 -c 'import os; os.remove("a")'; `, '', b) },
  // texts the analyser reads whole (at most 200 commands): values, loops and items are followed
  { name: 'whole: while read body', make: (b) => whole(b, 'find . | while read -r f; do ', () => 'cp "$f" "$f.bak"; ', 'done') },
  { name: 'whole: cd -P long', make: (b) => whole(b, '', (i) => `cd -P ${'a/'.repeat(40)}${i}; `, 'rm -rf b') },
  { name: 'whole: cd long steps/', make: (b) => whole(b, '', () => `cd ${'a/'.repeat(100)}; `, 'cat f') },
  { name: 'whole: long values', make: (b) => whole(b, '', (i) => `x${i}=${'a'.repeat(300)}; cat "$x${i}"; `, '', 2) },
  { name: 'whole: xargs pipes', make: (b) => whole(b, '', () => `find . -name "*.ts" | xargs grep -l ${'a'.repeat(200)}; `, '', 2) },
  { name: 'whole: for × body', make: (b) => whole(b, 'for f in a b c d e f g h i j k l m n o p; do ', () => 'cp "$f" b c d; ', 'done') },
  { name: 'whole: globs', make: (b) => whole(b, '', () => 'cat src/*.ts lib/?.js; ', '') },
  { name: 'whole: git -c', make: (b) => whole(b, '', () => `git -c core.pager=less -c a.b=c log ${'a/'.repeat(100)}; `, '') },
  { name: 'whole: here-string values', make: (b) => whole(b, "x='rm a'; x='rm b'; x=c; x=d; x=e; x=f; x=g; x=h; ", () => 'bash <<< "$x"; ', '') },
  { name: 'whole: substitutions', make: (b) => whole(b, '', () => 'cp $(find . -name a) $(ls b) c; ', '') },
  // session 6: loops, values and carriers that multiply, found by a wider search
  { name: 'arith long, a value', make: (b) => fill('a=1; echo $(( ', 'a+b*', '1 ))', b) },
  { name: 'whole: nested for × body', make: (b) => whole(b, 'for a in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do for b in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do ', () => 'cp "$a" "$b" c d e f g h; ', 'done; done') },
  { name: 'whole: for × assigned', make: (b) => whole(b, 'x=a; x=b; x=c; x=d; x=e; x=f; x=g; x=h; for f in a b c d e f g h; do ', () => 'cp "$x" "$f"; ', 'done') },
  { name: 'whole: while read × values', make: (b) => whole(b, 'x=a; x=b; x=c; x=d; find . | while read -r f; do ', () => 'cp "$f" "$x"; ', 'done') },
  { name: 'whole: find -exec sh', make: (b) => whole(b, '', () => `find . -exec sh -c 'rm -rf "$1"' _ {} \\; ; `, '') },
  { name: 'whole: git alias', make: (b) => whole(b, '', () => `git -c alias.x='!sh -c "rm -rf a"' x; `, '') },
  { name: 'whole: glob braces', make: (b) => whole(b, '', () => 'cat {a,b,c,d}/*.{ts,js,md}; ', '') },
  { name: 'whole: xargs sh -c', make: (b) => whole(b, '', () => `find . | xargs -I{} sh -c 'cp {} {}.bak'; `, '') },
  { name: 'base64 into sh', make: (b) => fill('echo ', 'cm0gLXJmIH4K', ' | base64 -d | sh', b) },
  // files the command writes, then loads: runners reading every written file, chains of copies
  { name: 'whole: writes then runners', make: (b) => whole(b, '', (i) => (i % 2 ? 'npm test; ' : `echo 'rm -rf b' > f${i}.js; `), '', 1) },
  { name: 'whole: copy chain then run', make: (b) => whole(b, "echo 'rm -rf b' > a0; ", (i) => `cp a${i} a${i + 1}; sh a${i + 1}; `, '', 2) },
  { name: 'whole: written scripts run', make: (b) => whole(b, '', (i) => `echo 'import os; os.system("ls")' > s${i}.py; python3 s${i}.py; `, '', 2) },
];

/**
 * `(( n0_0 ))` after up to 11 levels of names (`level(l, n)` assigns level l, n names or values
 * wide), the last level's names n{L}_0 … given 1: as wide as `bytes` allows (never more).
 */
function arithTree(bytes: number, level: (l: number, n: number) => string): string {
  const make = (levels: number, n: number) => {
    let s = '';
    for (let l = 0; l < levels; l++) s += level(l, n);
    for (let k = 0; k < n; k++) s += `n${levels}_${k}=1; `;
    return s + '(( n0_0 ))';
  };
  let levels = 11;
  while (levels > 1 && make(levels, 2).length > bytes) levels--;
  let n = 2;
  while (n < 64 && make(levels, n + 1).length <= bytes) n++;
  return make(levels, n);
}

/** Up to 190 commands (`per` commands a unit), within the analyser's command budget: a text it reads whole. */
function whole(bytes: number, prefix: string, unit: (i: number) => string, suffix: string, per = 1): string {
  let s = prefix;
  for (let i = 0; i < Math.floor(190 / per); i++) {
    const u = unit(i);
    if (s.length + u.length + suffix.length > bytes) break;
    s += u;
  }
  return s + suffix;
}

export interface SearchRow {
  shape: string;
  bytes: number;
  /** Median µs of decide over the runs (wall clock). */
  us: number;
  /** Median µs of process CPU time (user + system, all threads) over the runs: less disturbed by
   *  other load on the machine than wall time, and it counts the garbage collector's threads. */
  cpuUs: number;
  /** µs of the shape's first decision (wall): before the JIT has compiled what this shape reaches. */
  firstUs: number;
  behavior: string;
  reason: string;
}

const CTX = { mode: 'default' as ModeName, cwd: '/home/dev/app', home: '/home/dev' };

/** One decision for one input; exported for the correctness test. */
export function decideShape(engine: PermissionEngine, command: string): Decision {
  return engine.decide({ tool: 'Bash', input: { command } }, CTX);
}

// a shape reaches code no earlier shape warmed up (measured: 20–40 decisions until it stops
// getting faster), so at least 4 passes of 5
const WARM_MIN = 4;
const WARM_MAX = 16;
const WARM_CALLS = 5;

/** Every shape at `bytes` (cut to at most that), warmed up, then timed `runs` times; slowest first. */
export function searchWorst(engine: PermissionEngine, bytes = 64 * 1024, runs = 3): SearchRow[] {
  const rows: SearchRow[] = [];
  for (const s of SEARCH_SHAPES) {
    if (process.env.SEARCH_ONLY && !s.name.includes(process.env.SEARCH_ONLY)) continue;
    if (process.env.SEARCH_TRACE) process.stderr.write(s.name + '\n');
    const cmd = s.make(bytes).slice(0, bytes);
    // warm up as the in-process rows do (stats.ts settle). A row's pass is thousands of calls; one
    // call here is one decision, which a collector pause can make 3x slower, so a pass is the
    // median of WARM_CALLS decisions: settled means that median stopped falling, not one lucky call
    const a0 = process.hrtime.bigint();
    let d = decideShape(engine, cmd);
    const firstUs = Number(process.hrtime.bigint() - a0) / 1000;
    settle(() => {
      const t: number[] = [];
      for (let i = 0; i < WARM_CALLS; i++) {
        const a = process.hrtime.bigint();
        d = decideShape(engine, cmd);
        t.push(Number(process.hrtime.bigint() - a));
      }
      return t.sort((x, y) => x - y)[WARM_CALLS >> 1]!;
    }, WARM_MIN, WARM_MAX);
    const t: number[] = [];
    const c: number[] = [];
    for (let i = 0; i < runs; i++) {
      const a = process.hrtime.bigint();
      const u = process.cpuUsage();
      d = decideShape(engine, cmd);
      const du = process.cpuUsage(u);
      t.push(Number(process.hrtime.bigint() - a) / 1000);
      c.push(du.user + du.system);
    }
    const mid = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    rows.push({ shape: s.name, bytes: cmd.length, us: mid(t), cpuUs: mid(c), firstUs, behavior: d.behavior, reason: d.reason.type });
  }
  return rows.sort((a, b) => b.us - a.us);
}

/** The top `n` rows as text lines. */
export function formatWorst(rows: SearchRow[], n = 5): string[] {
  return rows.slice(0, n).map((r) => `  ${r.shape.padEnd(20)} ${String(r.bytes).padStart(6)} B  ${(r.us / 1000).toFixed(2).padStart(7)} ms wall  ${(r.cpuUs / 1000).toFixed(2).padStart(7)} ms CPU  ${(r.firstUs / 1000).toFixed(2).padStart(7)} ms first  ${r.behavior}/${r.reason}`);
}

// run directly: npx tsx lab/bench/search.ts [KiB] [top N] [runs] [--bundled]
// --bundled: the engine bundled by esbuild with native RE2, as `npm run bench` times it.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { readFileSync, mkdtempSync, rmSync } = await import('node:fs');
  const argv = process.argv.slice(2).filter((a) => a !== '--bundled');
  const kib = Number(argv[0] ?? 64);
  let api: typeof import('../../engine/index.ts') = await import('../../engine/index.ts');
  if (process.argv.includes('--bundled')) {
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'gatelab-search-'));
    api = await (await import('./bundle.ts')).bundledEngine(dir);
    rmSync(dir, { recursive: true, force: true });
    api.useRegexEngine((await import('../re2-engine.ts')).re2Engine);
  }
  const engine = new api.PermissionEngine(api.loadPolicy(readFileSync(new URL('../../policies/default.yaml', import.meta.url), 'utf8')));
  const rows = searchWorst(engine as unknown as PermissionEngine, kib * 1024, Number(argv[2] ?? 3));
  console.log(`worst inputs ≤ ${kib} KiB (${SEARCH_SHAPES.length} shapes${process.argv.includes('--bundled') ? ', bundled engine' : ''}):`);
  for (const l of formatWorst(rows, Number(argv[1] ?? 5))) console.log(l);
}
