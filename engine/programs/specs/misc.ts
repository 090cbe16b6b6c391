// Pagers and manuals, terminal multiplexers, moreutils, gpg, mail, other VCS and language installers.
import { cmd, HV, prog, viewer } from '../dsl.ts';
import type { ArgFact, ProgramSpec } from '../types.ts';
import { textOf } from '../words.ts';
import { versionOnly } from './system.ts';
import { afterDashDash, commandAfter, daemonArgv, wrapperList } from '../exec-hooks.ts';
import { staticWord } from '../../shell/words.ts';
const F = 'misc';
/** codex sandbox linux|macos|landlock|seatbelt CMD…: runs CMD under that sandbox. */
const CODEX_SANDBOX = ['linux', 'macos', 'landlock', 'seatbelt'].map((os) => commandAfter(['sandbox', os], 'argv'));
const effect = { hook: (c: { effect: boolean }) => { c.effect = true; } };

export const MISC = (): ProgramSpec[] => [
  // man and info show pages through a pager (PAGER / MANPAGER run as commands)
  prog(F, 'man', 'P|pager:line H|html::line B:line M|manpath:config C|config-file:config l|local-file f|whatis k|apropos a|all w|where|path|location W|where-cat c|catman d|debug K|global-apropos L|locale:none m|systems:none S|s|sections:none e|extension:none i|ignore-case I|match-case t|troff T|troff-device:: Z|ditroff E|encoding:none no-hyphenation no-justification p|preprocessor:none R|recode:none X|gxditview:: ?h|help ?V|version', 'none*', { writesStdout: true, pager: true, hook: (c) => { c.effect = true; /* a page named by a path is that file, read */ for (const w of c.operands) if (w.static && (w.value ?? '').includes('/')) c.facts.args.push({ role: 'read', word: w }); } }),
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
  prog(F, 'mail|mailx|s-nail|mutt|sendmail|msmtp|ssmtp', 'F:config E|exec:code.mail s|subject:none a|attach|A:read c|cc:none b|bcc:none r|from:none f:read t i v n N q:read S:none', 'net*', { network: true, stdin: 'data', hook: (c) => { for (const a of c.facts.args) if (a.role === 'network' || a.role === 'read') a.direction = 'out'; } }),
  prog(F, 'hg|svn|fossil|bzr|darcs', 'R|repository|cwd:cwd config:config y|noninteractive q|quiet v|verbose ?version ?h|help', 'none*', { posix: true, network: true, projectCode: true, loose: true, hook: (c) => { const w = c.operands.map((x) => (x.static ? x.value : '')); if (!(w[0] === 'status' || w[0] === 'st' || w[0] === 'log' || w[0] === 'diff' || w[0] === 'info' || w[0] === 'cat')) c.effect = true; if (w.includes('strip') || w.includes('purge') || (w[0] === 'revert' && w.includes('--all'))) c.facts.destructive ??= 'vcs-discard'; for (const a of c.facts.args) { const t = a.option === 'config' ? a.text ?? (a.word.static ? a.word.value : undefined) : undefined; const eq = t ? t.indexOf('=') : -1; if (t && t.startsWith('alias.') && t[eq + 1] === '!') c.facts.args.push({ role: 'exec-line', word: a.word, text: t.slice(eq + 2) }); } } }),
  prog(F, 'cpan|cpanm|luarocks|opam|cabal|stack|mix|rebar3|dart|flutter|swift|rustup|corepack|asdf|mise|rtx|sdkman|volta|fnm|nvm|pyenv|rbenv|goenv|jenv|nodenv|conan|vcpkg|spack|pixi|hatch|pdm|rye|pipenv|virtualenv|twine|maturin|flit|setuptools|easy_install', 'v|verbose q|quiet ?version ?h|help', 'none*', { network: true, loose: true, projectCode: true, ...effect }),
  viewer(F, 'clear|reset|tput|infocmp', '', 'none*', { loose: true }),
];
void HV;

/** More wrappers and runners (GTFOBins lists most of them as ways to reach a shell). */
export const MORE_WRAPPERS = (): ProgramSpec[] => [
  prog(F, 'setarch|linux32|linux64|i386|x86_64|uname26', 'v|verbose R|addr-no-randomize F|fdpic-funcptrs Z|mmap-page-zero L|addr-compat-layout X|read-implies-exec B|32bit I|short-inode S|whole-seconds T|sticky-timeouts 3|3gb 4gb uname-2.6 list ?h|help ?V|version', 'argv', { posix: true, hook: (c) => { const a = c.facts.args.find((x) => x.role === 'exec-argv'); if (a && c.facts.name === 'setarch' && a.argvIndex !== undefined) { const arch = c.args[a.argvIndex]!; if (arch.static && (arch.value ?? '').includes('/')) return; c.facts.args.push({ role: 'none', word: arch }); if (a.argvIndex + 1 < c.args.length) { a.argvIndex++; a.word = c.args[a.argvIndex]; } else c.facts.args.splice(c.facts.args.indexOf(a), 1); } } }),
  prog(F, 'rlwrap|cpulimit|prlimit|tsp|caffeinate|entr|watchexec', 'a:: b:none c C:none f:read H:write l:write n p:none P:none s:none r z e:none l|limit:none i|include-children nofile:none nproc:none as:none cpu:none w:none', 'argv', { posix: true }),
  prog(F, 'run-parts', 'test list report reverse v|verbose u|umask:none arg:none a:none regex:none lsbsysinit new-session exit-on-error ?h|help ?V|version', 'codefile.sh-dir', { hook: (c) => { if (c.facts.options.has('test') || c.facts.options.has('list')) for (const a of c.facts.args) if (a.role === 'code-file') a.role = 'read'; } }),
  prog(F, 'start-stop-daemon', 'S|start K|stop T|status x|exec:line p|pidfile:write n|name:none u|user:none c|chuid:none r|chroot:cwd d|chdir:cwd b|background m|make-pidfile o|oknodo q|quiet v|verbose a|startas:line s|signal:none R|retry:none ?H|help ?V|version', 'argv', { hook: (c) => { if (c.facts.options.has('stop')) c.facts.destructive ??= 'process-kill'; daemonArgv(c); } }),
  // systemd-nspawn [opts] CMD…: CMD runs in a container whose root is -D DIR (/ is the host's own)
  prog(F, 'systemd-nspawn', 'D|directory:cwd i|image:read M|machine:none u|user:none E|setenv:none bind:none bind-ro:none chdir:none x|ephemeral q|quiet b|boot a|as-pid2 n|network-veth network-bridge:none p|port:none U private-users:: private-network register:none capability:none drop-capability:none overlay:none tmpfs:none ?h|help ?version', 'argv', { posix: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'capsh', 'caps:none drop:none inh:none user:none uid:none gid:none groups:none chroot:cwd secbits:none keep:none print decode:none supports:none has-p:none ?help', 'argv', { hook: (c) => { const dd = c.args.findIndex((w) => w.static && w.value === '--'); if (dd >= 0) { c.facts.args = c.facts.args.filter((a) => a.role !== 'exec-argv'); c.facts.args.push({ role: 'exec-argv', word: c.args[dd], argvIndex: dd, argv: [staticWord('/bin/bash', c.args[dd]!.span), ...c.args.slice(dd + 1)] }); c.effect = true; } } }),
  // sg [-] [GROUP [-c] COMMAND]: COMMAND runs with sh -c; with none (and newgrp) a shell reads stdin
  prog(F, 'sg|newgrp', 'c:line.sh', 'none? none*', { startsShell: true, hook: (c) => { const k = c.operands[0] && textOf(c.operands[0]) === '-' ? 2 : 1; if (c.facts.name === 'sg' && c.operands.length > k) { const last = c.operands[k]; const a = c.facts.args.find((x) => x.word === last); if (a) { a.role = 'exec-line'; a.language = 'sh'; } } c.effect = true; } }),
  prog(F, 'sshpass', 'f:read d:none p:none e P:none v ?h ?V', 'argv', { posix: true }),
  prog(F, 'perf', '', 'none*', { posix: true, subOpen: true, subs: { record: cmd('o|output:write a|all-cpus g e|event:none p|pid:none F|freq:none q|quiet', 'argv'), stat: cmd('e|event:none a|all-cpus p|pid:none r|repeat:none o|output:write', 'argv'), trace: cmd('o|output:write p|pid:none', 'argv'), report: cmd('i|input:read stdio', '', { pure: true }), top: cmd('', '', { pure: true }), list: cmd('', 'none*', { pure: true }) } }),
  prog(F, 'hyperfine', 'w|warmup:none m|min-runs:none M|max-runs:none r|runs:none s|setup:line.sh p|prepare:line.sh c|cleanup:line.sh P|parameter-scan:2none L|parameter-list:2none S|shell:line N i|ignore-failure style:none export-json:write export-markdown:write export-csv:write n|command-name:none ?h|help ?V|version', 'line.sh+'),
  // reflex [opts] -- CMD…, onchange GLOB… -- CMD…: the words after `--` are the command (run on every change)
  prog(F, 'reflex|onchange', 'r|regex:none g|glob:none R|inverse-regex:none G|inverse-glob:none s|start-service d|decoration:none c|config:read a|add e|exclude:none i|initial k|kill j|jobs:none', 'none*', { loose: true, projectCode: true, hook: afterDashDash }),
  prog(F, 'nodemon|concurrently|npm-run-all|run-p|run-s|chokidar|air', 'x|exec:line.sh w|watch:none e|ext:none n|names:none k|kill-others s|success:none', 'line.sh*', { loose: true, projectCode: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'faketime|datefudge', 'f m p:none', 'none argv', { posix: true }),
  prog(F, 'ldd', 'v|verbose u|unused d|data-relocs r|function-relocs ?help ?version', 'read+', { hook: (c) => { c.effect = true; } }),
  viewer(F, 'nm|objdump|readelf|size|c++filt|addr2line|otool|dwarfdump', 'a A C D d f g h l n o p r s S t:none u v x W w j:none M:none e:read b:none T', 'read*', { loose: true }),
  prog(F, 'nmap', 'sS sT sU sV sC sn Pn p:none T:none iL:read oN:write oX:write oG:write oA:write script:codefile.lua script-args:none O A v 6 e:none open reason top-ports:none min-rate:none datadir:config resume:read ?V|version ?h|help', 'net*', { singleDash: true, network: true }),
  viewer(F, 'look', 'd f b t:none a ?h|help ?V|version', 'none read?'),
  viewer(F, 'ul|uuencode', 'i t:none m o:write', 'read*'),
  prog(F, 'uudecode', 'o|output-file:write c', 'read*', { hook: (c) => { if (!c.facts.options.has('output-file')) c.effect = true; } }),
];

/** gcc-style drivers: every `-` word is an option; only the ones that name files or run things matter. */
/** JVM compilers spell the version flag with one dash (javac -version). */
const JVM_COMPILERS = new Set(['javac', 'kotlinc', 'scalac']);

function ccHook(c: import('../types.ts').HookContext): void {
  const f = c.facts;
  f.args = [];
  f.issues = [];
  const args = c.args;
  const TAKES = new Set(['-x', '-I', '-L', '-l', '-D', '-U', '-include', '-imacros', '-isystem', '-iquote', '-idirafter', '-MT', '-MQ', '-Xlinker', '-Xassembler', '-Xpreprocessor', '-T', '-u', '-z', '-e', '-target', '--target', '-arch', '-framework', '-F', '-std', '-isysroot', '--sysroot', '-aux-info']);
  let out: ArgFact | null = null;
  let noLink = false;
  wrapperList(c);
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    const v = w.static ? (w.value ?? '') : null;
    if (v === null) {
      if (w.approx.startsWith('-') || w.approx.startsWith('$')) f.issues.push(`dynamic compiler option ${w.approx}`);
      f.args.push({ role: 'read', word: w });
      continue;
    }
    if (v === '--version' || v === '-v' || (v === '-V' && c.facts.name === 'rustc') || (v === '-version' && JVM_COMPILERS.has(c.facts.name)) || v === '--help' || v === '-dumpversion' || v === '-dumpmachine' || v === '-print-search-dirs') f.info = true;
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
        // prog,arg,…: an argv, each pass of the compiler runs under it
        if (t && !t.static) f.args.push({ role: 'exec-line', word: t, option: 'wrapper', language: 'sh' });
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

export const COMPILERS = (): ProgramSpec[] => [
  prog(F, 'gcc|g++|cc|c++|clang|clang++|tcc|icc|icx|c89|c99|gfortran|rustc|javac|kotlinc|scalac|nvcc', '', 'none*', { loose: true, hook: ccHook }),
];

function stripDashes(s: string): string {
  let i = 0;
  while (s[i] === '-') i++;
  return s.slice(i);
}

/** Secret managers, environment loaders and dev shells: most run a command with secrets in its env. */
export const ENV_RUNNERS = (): ProgramSpec[] => [
  prog(F, 'direnv', '', 'none*', { posix: true, projectCode: true, subRequired: true, subs: {
    exec: cmd('', 'cwd argv', { projectCode: true }),
    allow: cmd('', 'read?', { projectCode: true, hook: (c) => { c.effect = true; } }),
    permit: cmd('', 'read?', { projectCode: true, hook: (c) => { c.effect = true; } }),
    deny: cmd('', 'read?'), block: cmd('', 'read?'), status: cmd('json', '', { pure: true }), version: cmd('', 'none?', { pure: true }),
    reload: cmd('', '', { projectCode: true }), export: cmd('', 'none', { projectCode: true }), edit: cmd('', 'write?', { hook: (c) => { c.effect = true; } }), prune: cmd('', ''), fetchurl: cmd('', 'net none?', { network: true }),
  } }),
  prog(F, 'dotenv|dotenvx|with-env|with-env.sh|envchain|chamber|teller|sops|berglas|summon|infisical|dotenv-cli', 'e|env-file|f|file:read c|cascade o|overload v:env p:none', 'argv', { posix: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'doppler', 'c|config:none p|project:none t|token:none ?v|version ?h|help', 'none*', { posix: true, network: true, subOpen: true, subs: { run: cmd('c|config:none p|project:none command:line.sh preserve-env fallback:read', 'argv', { network: true }), secrets: cmd('json raw plain only-names', 'none*', { network: true, hook: (c) => { c.effect = true; c.facts.destructive ??= 'secret-read'; } }) } }),
  prog(F, 'op', 'account:none ?v|version ?h|help', 'none*', { posix: true, network: true, subOpen: true, subs: { run: cmd('env-file:read no-masking', 'argv', { network: true }), read: cmd('o|out-file:write n|no-newline force', 'none', { network: true, destructive: 'secret-read' }), inject: cmd('i|in-file:read o|out-file:write', '', { network: true, destructive: 'secret-read' }), item: cmd('', 'none*', { subOpen: true, network: true, hook: (c) => { c.effect = true; } }) } }),
  prog(F, 'aws-vault', 'debug backend:none ?version ?h|help', 'none*', { posix: true, network: true, subOpen: true, subs: { exec: cmd('d|duration:none n|no-session server ecs-server lazy prompt:none', 'none argv', { network: true }), login: cmd('s|stdout', 'none', { network: true }), list: cmd('', '', { pure: true }), export: cmd('format:none', 'none', { destructive: 'secret-read' }) } }),
  prog(F, 'vault', 'address:net namespace:none format:none ?version ?h|help', 'none*', { posix: true, network: true, singleDash: true, loose: true, hook: (c) => { const w = c.facts.subcommand.concat(c.operands.map((x) => (x.static ? (x.value ?? '') : ''))); if (w.includes('read') || w.includes('get') || w.includes('token')) c.facts.destructive ??= 'secret-read'; if (w.includes('delete') || w.includes('destroy') || w.includes('metadata') && w.includes('delete')) c.facts.destructive = 'secret-delete'; c.effect = true; } }),
  prog(F, 'nix-shell', 'p|packages pure run:line.sh command:line.sh I:config arg:2none argstr:2none E|expr:code.nix keep:none ?version ?help', 'read*', { network: true, installs: true, projectCode: true }),
  prog(F, 'nix', 'extra-experimental-features:none option:2config ?version ?help', 'none*', { posix: true, network: true, installs: true, subOpen: true, subs: { develop: cmd('c|command:lines.sh', 'none*', { network: true, installs: true, projectCode: true, hook: (c) => { const k = c.args.findIndex((x) => x.static && (x.value === '-c' || x.value === '--command')); if (k >= 0 && k + 1 < c.args.length) c.facts.args.push({ role: 'exec-argv', word: c.args[k + 1], argvIndex: k + 1 }); } }), run: cmd('', 'none argv', { network: true, installs: true }), shell: cmd('c|command:lines.sh', 'none*', { network: true, installs: true, hook: (c) => { const k = c.args.findIndex((x) => x.static && (x.value === '-c' || x.value === '--command')); if (k >= 0 && k + 1 < c.args.length) c.facts.args.push({ role: 'exec-argv', word: c.args[k + 1], argvIndex: k + 1 }); } }), build: cmd('o|out-link:write no-link', 'none*', { network: true, installs: true }), eval: cmd('raw json expr:code.nix', 'none*', { pure: true }), flake: cmd('', 'none*', { subOpen: true, network: true }) } }),
  prog(F, 'devbox|devenv|flox', 'c|config:config ?version ?h|help', 'none*', { posix: true, network: true, installs: true, projectCode: true, subOpen: true, subs: { run: cmd('c|config:config', 'argv'), shell: cmd('', ''), add: cmd('', 'none*'), install: cmd('', '') } }),
  prog(F, 'flatpak-spawn|host-spawn|distrobox-host-exec', 'host sandbox watch-bus clear-env latest-version env:env directory:cwd forward-fd:none ?help', 'argv', { posix: true }),
  prog(F, 'toybox', '', 'argv', { posix: true }),
  prog(F, 'uvx', 'from:none with:none with-requirements:read python|p:none index-url:net extra-index-url:net q|quiet v|verbose ?V|version ?h|help', 'argv', { posix: true, network: true, installs: true }),
  prog(F, 'sem', 'id:none j|jobs:none fg bg wait u', 'lines.sh', { posix: true }),
  prog(F, 'retry|try', 't|tries|times:none d|delay|sleep:none u|until:none w|while:none m|max:none', 'argv', { posix: true }),
  prog(F, 'claude|codex|aider|gemini|cursor-agent|goose|opencode', 'p|print c|continue r|resume:: model:none dangerously-skip-permissions@agent-unrestricted allowedTools|allowed-tools:none permission-mode:none yolo@agent-unrestricted ?v|version ?h|help', 'none*', { loose: true, network: true, hook: (c) => { c.effect = true; for (const h of CODEX_SANDBOX) h(c); } }),
  prog(F, 'ansible|ansible-playbook|ansible-galaxy|ansible-pull|ansible-vault|salt|pssh|parallel-ssh|pdsh|clush', 'i|inventory:read m|module-name:none a|args:line.sh b|become u|user:none e|extra-vars:none k|ask-pass K|ask-become-pass f|forks:none l|limit:none C|check D|diff vault-password-file:read private-key:read ?version ?h|help', 'none*', { network: true, loose: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'ghc|runghc|runhaskell|stack-ghc', 'e:code.haskell o:write c O outputdir:dir ?version ?help', 'codefile.haskell*', { singleDash: true, loose: true }),
  prog(F, 'zig', '', 'none*', { posix: true, subOpen: true, hook: (c) => { c.effect = true; versionOnly(c, []); } }),
  prog(F, 'pv', 'p|progress t|timer e|eta r|rate a|average-rate b|bytes n|numeric q|quiet c|cursor W|wait s|size:none L|rate-limit:none i|interval:none N|name:none d|watchfd:none l|line-mode 0|null I|fineta f|force F|format:none x|extra-display:none A|last-written:none m|average-rate-window:none w|width:none H|height:none B|buffer-size:none C|no-splice E|skip-errors S|stop-at-size Y|sync K|direct-io Z|discard X D|delay-start:none R|remote:none o|output:write P|pidfile:write U|store-and-forward:write ?h|help ?V|version', 'read*', { pure: true, writesStdout: true, stdin: 'data' }),
  prog(F, 'configure|autogen.sh|bootstrap', '', 'none*', { loose: true, projectCode: true, hook: (c) => { c.effect = true; } }),
];

/** Databases, dumps, media converters, kernel modules: writers by option and destroyers by subcommand. */
export const DATA_TOOLS = (): ProgramSpec[] => [
  prog(F, 'pg_dump|pg_dumpall', 'f|file:write F|format:none h|host:net p|port:none U|username:none d|dbname:none n|schema:none t|table:none a|data-only s|schema-only c|clean C|create j|jobs:none Z|compress:none w|no-password W|password v|verbose ?V|version ?help', 'none?', { network: true, writesStdout: true }),
  prog(F, 'pg_restore', 'f|file:write d|dbname:none h|host:net p|port:none U|username:none c|clean@database-destroy C|create j|jobs:none l|list a|data-only s|schema-only n|schema:none t|table:none 1|single-transaction w|no-password v|verbose ?V|version ?help', 'read?', { network: true }),
  prog(F, 'dropdb|dropuser|pg_drop', 'h|host:net p|port:none U|username:none w|no-password W|password e|echo i|interactive if-exists f|force ?V|version ?help', 'none', { network: true, destructive: 'database-destroy' }),
  prog(F, 'createdb|createuser', 'h|host:net p|port:none U|username:none O|owner:none E|encoding:none T|template:none ?V|version ?help', 'none none?', { network: true }),
  prog(F, 'mysqldump|mariadb-dump', 'r|result-file:write h|host:net P|port:none u|user:none p|password:: A|all-databases B|databases single-transaction no-data d add-drop-table routines triggers ?V|version ?help', 'none*', { network: true, writesStdout: true }),
  prog(F, 'mysqladmin|mariadb-admin', 'h|host:net P|port:none u|user:none p|password:: f|force ?V|version ?help', 'none*', { network: true, hook: (c) => { const w = c.operands.map((x) => (x.static ? x.value : '')); if (w.includes('drop') || w.includes('shutdown') || w.includes('flush-privileges')) c.facts.destructive ??= 'database-destroy'; c.effect = true; } }),
  prog(F, 'mongodump|mongoexport', 'uri:net h|host:net d|db:none c|collection:none o|out:write archive::write gzip ?version ?help', '', { network: true }),
  prog(F, 'mongorestore|mongoimport', 'uri:net h|host:net d|db:none c|collection:none drop@database-destroy archive::read file:read gzip ?version ?help', 'read?', { network: true }),
  prog(F, 'tcpdump', 'w:write r:read i:none n nn v vv vvv c:none s:none A X XX e l q t tt D p U Z:none z:line C:none G:none W:none F:read ?h|help ?version', 'none*', { network: true, destructive: 'packet-capture' }),
  prog(F, 'pandoc', 'o|output:write f|from|r|read:none t|to|w|write:none s|standalone template:read css:none filter|F:codefile.filter lua-filter|L:codefile.lua d|defaults:config data-dir:config resource-path:config extract-media:dir metadata|M:none V|variable:none toc pdf-engine:line ?v|version ?h|help', 'read*', { pure: true, writesStdout: true }),
  prog(F, 'magick|convert|mogrify|montage|composite', '', 'read* write', { loose: true, hook: (c) => { c.effect = true; if (c.facts.name === 'mogrify') for (const a of c.facts.args) if (a.role === 'read') a.role = 'write'; } }),
  prog(F, 'ffmpeg|ffprobe|avconv', 'i:read y n f:none c:none t:none ss:none v|loglevel:none hide_banner ?version ?h|help', 'write*', { singleDash: true, loose: true, hook: (c) => { if (c.facts.name === 'ffprobe') { for (const a of c.facts.args) if (a.role === 'write') a.role = 'read'; return; } c.effect = true; } }),
  prog(F, 'modprobe|insmod|rmmod|depmod|kmod', 'r|remove a|all f|force n|dry-run v|verbose q|quiet C|config:config S:none ?V|version ?h|help', 'codefile.kmod* none*', { loose: true, destructive: 'kernel-module', hook: (c) => { if (c.facts.options.has('dry-run')) c.facts.destructive = undefined; } }),
  prog(F, 'hwclock|timedatectl|hostnamectl|localectl|update-alternatives|ldconfig|locale-gen|update-grub|grub-install|efibootmgr|update-initramfs|dracut|mkinitcpio', '', 'none*', { loose: true, pure: true, hook: (c) => { const w = c.args.map((x) => (x.static ? (x.value ?? '') : '$')); const ro = w.length === 0 || w.every((x) => x.startsWith('-') && ['-p', '--print', '--show', '-r', '--status', '-l', '--list', '--display', '--query'].includes(x) || x === 'status' || x === 'show' || x === 'list' || x === '--help' || x === '--version' || x === 'list-timezones' || x === 'list-locales' || x === 'list-keymaps' || x === 'timesync-status'); if (!ro) c.effect = true; const n = c.facts.name; if ((n === 'grub-install' || n === 'efibootmgr' || n === 'update-grub') && !ro) c.facts.destructive ??= 'boot-modify'; } }),
];
