// Pagers and manuals, terminal multiplexers, moreutils, gpg, mail, other VCS and language installers.
import { cmd, HV, prog, viewer } from '../dsl.ts';
import type { ArgFact, ProgramSpec } from '../types.ts';

const F = 'misc';
const effect = { hook: (c: { effect: boolean }) => { c.effect = true; } };

export const MISC: ProgramSpec[] = [
  // man and info show pages through a pager (PAGER / MANPAGER run as commands)
  prog(F, 'man', 'P|pager:line H|html:: B:line M|manpath:config C|config-file:config l|local-file f|whatis k|apropos a|all w|where|path|location W|where-cat c|catman d|debug K|global-apropos L|locale:none m|systems:none S|s|sections:none e|extension:none i|ignore-case I|match-case t|troff T|troff-device:: Z|ditroff E|encoding:none no-hyphenation no-justification p|preprocessor:none R|recode:none X|gxditview:: ?h|help ?V|version', 'none*', { ...effect, writesStdout: true }),
  viewer(F, 'whatis|apropos', 'd|debug v|verbose r|regex w|wildcard e|exact l|long s|sections|section:none m|systems:none M|manpath:config L|locale:none C|config-file:config a|and ?h|help ?V|version', 'none+'),
  prog(F, 'info|pinfo', 'a|all d|directory:config f|file:read k|apropos:none n|node:none o|output:write O|show-options R|raw-escapes subnodes v|variable:none w|where x|debug:none ?h|help ?version', 'none*', effect),
  prog(F, 'tmux', 'L:none S:write f:config c:line.sh C u v 2 D l N T:none ?V', 'none*', { posix: true, hook: (c) => { c.effect = true; const w = c.operands.map((x) => (x.static ? x.value : undefined)); const k = w.findIndex((x) => x === 'new' || x === 'new-session' || x === 'new-window' || x === 'neww' || x === 'split-window' || x === 'splitw' || x === 'respawn-pane' || x === 'run-shell' || x === 'run' || x === 'send-keys' || x === 'send' || x === 'if-shell' || x === 'pipe-pane'); if (k >= 0) { const rest = c.operands.slice(k + 1).filter((x) => !(x.static && (x.value ?? '').startsWith('-'))); if (rest.length) c.facts.args.push({ role: 'exec-line', word: rest[rest.length - 1], language: 'sh' }); } } }),
  prog(F, 'screen', 'A a c:config d D r R x m S:none X:none L Logfile:write list|ls q U wipe v h:none t:none T:none ?help ?version', 'argv', { posix: true, singleDash: true }),
  prog(F, 'sponge', 'a', 'write', { stdin: 'data', alt: [['a', 'append']] }),
  prog(F, 'chronic|ifne|lckdo|nocache|eatmydata', 'e n v', 'argv', { posix: true }),
  prog(F, 'pee', '', 'line*', { stdin: 'data' }),
  prog(F, 'vipe', 'suffix:none', '', { stdin: 'data', writesStdout: true, ...effect }),
  prog(F, 'ts|errno|isutf8|combine', 'i s m r', 'none*', { pure: true, writesStdout: true }),
  prog(F, 'xdg-open|open|gio|start|sensible-browser|x-www-browser|gnome-open|kde-open', 'a:none b:none e W g n F R', 'read*', effect),
  prog(F, 'gpg|gpg2', 'o|output:write r|recipient:none u|local-user:none d|decrypt e|encrypt s|sign c|symmetric a|armor b|detach-sign clearsign verify import export export-secret-keys@secret-export export-secret-subkeys@secret-export list-keys|k list-secret-keys|K fingerprint delete-keys@key-delete delete-secret-keys@key-delete gen-key full-generate-key quick-generate-key:none edit-key:none recv-keys keyserver:net send-keys batch yes no-tty q|quiet v|verbose homedir:config passphrase:none passphrase-file:read pinentry-mode:none trust-model:none default-key:none ?version ?h|help', 'read*', { hook: (c) => { const o = c.facts.options; if (!(o.has('list-keys') || o.has('list-secret-keys') || o.has('fingerprint') || o.has('verify'))) c.effect = true; if (o.has('recv-keys') || o.has('send-keys')) c.facts.network = true; } }),
  prog(F, 'ssh-keyscan', '4 6 c D H p:none T:none t:none f:read v', 'net*', { pure: true, network: true, writesStdout: true }),
  prog(F, 'mail|mailx|s-nail|mutt|sendmail|msmtp|ssmtp', 's|subject:none a|attach|A:read c|cc:none b|bcc:none r|from:none f:read t i v n N q:read S:none F:none', 'net*', { network: true, stdin: 'data', hook: (c) => { for (const a of c.facts.args) if (a.role === 'network' || a.role === 'read') a.direction = 'out'; } }),
  prog(F, 'hg|svn|fossil|bzr|darcs', 'R|repository|cwd:cwd config:config y|noninteractive q|quiet v|verbose ?version ?h|help', 'none*', { posix: true, network: true, projectCode: true, loose: true, hook: (c) => { const w = c.operands.map((x) => (x.static ? x.value : '')); if (!(w[0] === 'status' || w[0] === 'st' || w[0] === 'log' || w[0] === 'diff' || w[0] === 'info' || w[0] === 'cat')) c.effect = true; if (w.includes('strip') || w.includes('purge') || (w[0] === 'revert' && w.includes('--all'))) c.facts.destructive ??= 'vcs-discard'; } }),
  prog(F, 'cpan|cpanm|luarocks|opam|cabal|stack|mix|rebar3|dart|flutter|swift|rustup|corepack|asdf|mise|rtx|sdkman|volta|fnm|nvm|pyenv|rbenv|goenv|jenv|nodenv|conan|vcpkg|spack|pixi|hatch|pdm|rye|pipenv|virtualenv|twine|maturin|flit|setuptools|easy_install', 'v|verbose q|quiet ?version ?h|help', 'none*', { network: true, loose: true, projectCode: true, ...effect }),
  viewer(F, 'clear|reset|tput|infocmp', '', 'none*', { loose: true }),
];
void HV;

/** More wrappers and runners (GTFOBins lists most of them as ways to reach a shell). */
export const MORE_WRAPPERS: ProgramSpec[] = [
  prog(F, 'setarch|linux32|linux64|i386|x86_64|uname26', 'v|verbose R|addr-no-randomize F|fdpic-funcptrs Z|mmap-page-zero L|addr-compat-layout X|read-implies-exec B|32bit I|short-inode S|whole-seconds T|sticky-timeouts 3|3gb 4gb uname-2.6 list ?h|help ?V|version', 'argv', { posix: true, hook: (c) => { const a = c.facts.args.find((x) => x.role === 'exec-argv'); if (a && c.facts.name === 'setarch' && a.argvIndex !== undefined) { const arch = c.args[a.argvIndex]; c.facts.args.push({ role: 'none', word: arch }); if (a.argvIndex + 1 < c.args.length) { a.argvIndex++; a.word = c.args[a.argvIndex]; } else c.facts.args.splice(c.facts.args.indexOf(a), 1); } } }),
  prog(F, 'rlwrap|cpulimit|prlimit|tsp|caffeinate|entr|watchexec', 'a:: b:none c C:none f:read H:write l:write n p:none P:none s:none r z e:none l|limit:none i|include-children nofile:none nproc:none as:none cpu:none w:none', 'argv', { posix: true }),
  prog(F, 'run-parts', 'test list report reverse v|verbose u|umask:none arg:none a:none regex:none lsbsysinit new-session exit-on-error ?h|help ?V|version', 'codefile.sh-dir', { hook: (c) => { if (c.facts.options.has('test') || c.facts.options.has('list')) for (const a of c.facts.args) if (a.role === 'code-file') a.role = 'read'; } }),
  prog(F, 'start-stop-daemon', 'S|start K|stop T|status x|exec:codefile.exe p|pidfile:write n|name:none u|user:none c|chuid:none r|chroot:cwd d|chdir:cwd b|background m|make-pidfile o|oknodo q|quiet v|verbose a|startas:codefile.exe s|signal:none R|retry:none ?H|help ?V|version', 'argv', { hook: (c) => { if (c.facts.options.has('stop')) c.facts.destructive ??= 'process-kill'; } }),
  prog(F, 'capsh', 'caps:none drop:none inh:none user:none uid:none gid:none groups:none chroot:cwd secbits:none keep:none print decode:none supports:none has-p:none ?help', 'argv', { hook: (c) => { const dd = c.args.findIndex((w) => w.static && w.value === '--'); if (dd >= 0) { c.facts.args = c.facts.args.filter((a) => a.role !== 'exec-argv'); c.facts.args.push({ role: 'exec-argv', word: c.args[dd], argvIndex: dd, argv: [] }); c.effect = true; } } }),
  prog(F, 'sg|newgrp', 'c:line.sh', 'none none*', { hook: (c) => { if (c.facts.name === 'sg' && c.operands.length > 1) { const last = c.operands[1]; const a = c.facts.args.find((x) => x.word === last); if (a) { a.role = 'exec-line'; a.language = 'sh'; } } c.effect = true; } }),
  prog(F, 'sshpass', 'f:read d:none p:none e P:none v ?h ?V', 'argv', { posix: true }),
  prog(F, 'perf', '', 'none*', { posix: true, subOpen: true, subs: { record: cmd('o|output:write a|all-cpus g e|event:none p|pid:none F|freq:none q|quiet', 'argv'), stat: cmd('e|event:none a|all-cpus p|pid:none r|repeat:none o|output:write', 'argv'), trace: cmd('o|output:write p|pid:none', 'argv'), report: cmd('i|input:read stdio', '', { pure: true }), top: cmd('', '', { pure: true }), list: cmd('', 'none*', { pure: true }) } }),
  prog(F, 'hyperfine', 'w|warmup:none m|min-runs:none M|max-runs:none r|runs:none s|setup:line.sh p|prepare:line.sh c|cleanup:line.sh P|parameter-scan:2none L|parameter-list:2none S|shell:line N i|ignore-failure style:none export-json:write export-markdown:write export-csv:write n|command-name:none ?h|help ?V|version', 'line.sh+'),
  prog(F, 'nodemon|concurrently|npm-run-all|run-p|run-s|onchange|chokidar|reflex|air', 'x|exec:line.sh w|watch:none e|ext:none n|names:none k|kill-others s|success:none', 'line.sh*', { loose: true, projectCode: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'faketime|datefudge', 'f m p:none', 'none argv', { posix: true }),
  prog(F, 'ldd', 'v|verbose u|unused d|data-relocs r|function-relocs ?help ?version', 'read+', { hook: (c) => { c.effect = true; } }),
  viewer(F, 'nm|objdump|readelf|size|c++filt|addr2line|otool|dwarfdump', 'a A C D d f g h l n o p r s S t:none u v x W w j:none M:none e:read b:none T', 'read*', { loose: true }),
  prog(F, 'nmap', 'sS sT sU sV sC sn Pn p:none T:none iL:read oN:write oX:write oG:write oA:write script:codefile.lua script-args:none O A v 6 e:none open reason top-ports:none min-rate:none datadir:config resume:read ?V|version ?h|help', 'net*', { singleDash: true, network: true }),
  viewer(F, 'look', 'd f b t:none a ?h|help ?V|version', 'none read?'),
  viewer(F, 'ul|uuencode', 'i t:none m o:write', 'read*'),
  prog(F, 'uudecode', 'o|output-file:write c', 'read*', { hook: (c) => { if (!c.facts.options.has('output-file')) c.effect = true; } }),
];

/** gcc-style drivers: every `-` word is an option; only the ones that name files or run things matter. */
function ccHook(c: import('../types.ts').HookContext): void {
  const f = c.facts;
  f.args = [];
  f.issues = [];
  const args = c.args;
  const TAKES = new Set(['-x', '-I', '-L', '-l', '-D', '-U', '-include', '-imacros', '-isystem', '-iquote', '-idirafter', '-MT', '-MQ', '-Xlinker', '-Xassembler', '-Xpreprocessor', '-T', '-u', '-z', '-e', '-target', '--target', '-arch', '-framework', '-F', '-std', '-isysroot', '--sysroot', '-aux-info']);
  let out: ArgFact | null = null;
  let noLink = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    const v = w.static ? (w.value ?? '') : null;
    if (v === null) {
      if (w.approx.startsWith('-') || w.approx.startsWith('$')) f.issues.push(`dynamic compiler option ${w.approx}`);
      f.args.push({ role: 'read', word: w });
      continue;
    }
    if (v === '--version' || v === '-v' || v === '--help' || v === '-dumpversion' || v === '-dumpmachine' || v === '-print-search-dirs') f.info = true;
    if (v === '-c' || v === '-S' || v === '-E' || v === '-fsyntax-only' || v === '-M' || v === '-MM') noLink = true;
    if (v === '-o' || v === '-MF' || v === '--out-dir' || v === '-d') {
      const t = args[i + 1];
      if (t) {
        const a: ArgFact = { role: v === '--out-dir' || v === '-d' ? 'dir-target' : 'write', word: t, option: v === '--out-dir' ? 'out-dir' : v.slice(1) };
        f.args.push(a);
        if (v === '-o') out = a;
      } else f.issues.push(`missing value for ${v}`);
      i++;
      continue;
    }
    if (v.startsWith('-o') && v.length > 2 && c.facts.name !== 'javac') {
      out = { role: 'write', word: w, text: v.slice(2), option: 'o' };
      f.args.push(out);
      continue;
    }
    if (v === '-wrapper' || v.startsWith('-fplugin=') || v.startsWith('-specs=') || v.startsWith('--specs=') || v.startsWith('-B') || v === '-fplugin' || v.startsWith('-Wl,--plugin') || v.startsWith('-C') && c.facts.name === 'rustc' && v.includes('linker')) {
      if (v === '-wrapper') {
        const t = args[i + 1];
        if (t) f.args.push({ role: 'exec-line', word: t, option: 'wrapper', language: 'sh', ...(t.static ? { text: (t.value ?? '').split(',').join(' ') } : {}) });
        i++;
      } else f.args.push({ role: v.startsWith('-fplugin') ? 'code-file' : 'config', word: w, option: stripDashes(v.split('=')[0]), text: v.includes('=') ? v.slice(v.indexOf('=') + 1) : v.slice(2) });
      continue;
    }
    if (v.startsWith('@')) {
      f.args.push({ role: 'read', word: w, text: v.slice(1), option: 'response-file' });
      c.effect = true; // more options come from the file
      continue;
    }
    if (TAKES.has(v)) {
      i++;
      continue;
    }
    if (v.startsWith('-')) continue;
    f.args.push({ role: 'read', word: w });
  }
  if (!out && (f.options.size === 0) && args.some((w) => w.static && w.value === '-c') && !args.some((w) => w.static && (w.value === '-E' || w.value === '-fsyntax-only'))) {
    // -c without -o: each source's object file in the current folder
    for (const a of [...f.args]) if (a.role === 'read' && a.option === undefined && a.word.static) {
      const b = (a.word.value ?? '').split('/').pop() ?? '';
      const dot = b.lastIndexOf('.');
      f.args.push({ role: 'write', word: a.word, text: (dot > 0 ? b.slice(0, dot) : b) + (c.facts.name === 'javac' || c.facts.name === 'rustc' ? '' : '.o'), option: 'o' });
    }
  }
  if (!out && !noLink && !f.info && f.args.some((a) => a.role === 'read') && c.facts.name !== 'javac' && c.facts.name !== 'rustc') f.args.push({ role: 'write', word: args[0], text: 'a.out', option: 'o' });
}

export const COMPILERS: ProgramSpec[] = [
  prog(F, 'gcc|g++|cc|c++|clang|clang++|tcc|icc|icx|c89|c99|gfortran|rustc|javac|kotlinc|scalac|nvcc', '', 'none*', { loose: true, hook: ccHook }),
];

function stripDashes(s: string): string {
  let i = 0;
  while (s[i] === '-') i++;
  return s.slice(i);
}
