// Interpreters: inline code (-c / -e), a script file, a module, or code on stdin.
import { prog } from '../dsl.ts';
import type { HookContext, ProgramSpec } from '../types.ts';

// python -m MODULE where the module is a program with its own spec: describe it as that program.
/** `-v` prints the version when nothing else is given (ruby, lua); with a script it only adds verbosity. */
const versionAlone = (c: HookContext): void => {
  if (c.facts.options.has('v') && c.facts.options.size === 1 && !c.facts.args.length) c.facts.info = true;
};
const PY_TOOLS = new Set(['pip', 'pip3', 'pytest', 'tox', 'nox', 'poetry', 'pipx', 'uv', 'black', 'ruff', 'mypy', 'flake8', 'pylint', 'isort', 'coverage', 'twine', 'venv', 'virtualenv', 'pdm', 'hatch']);
const PY_SERVERS = new Set(['http.server', 'SimpleHTTPServer', 'smtpd', 'ftplib', 'pyftpdlib', 'uvicorn', 'gunicorn', 'flask', 'xmlrpc.server']);

function pythonModule(c: HookContext): void {
  const f = c.facts;
  const m = f.args.find((a) => a.option === 'm');
  if (!m || !m.word.static || m.text !== undefined) return;
  const mod = m.word.value ?? '';
  const at = c.args.indexOf(m.word);
  if (PY_TOOLS.has(mod) && at >= 0) f.args.push({ role: 'exec-argv', word: m.word, argvIndex: at });
  // -m puts the cwd first on sys.path: a MODULE.py there runs instead (-I and -P leave it out)
  if (!f.options.has('I') && !f.options.has('P')) f.args.push({ role: 'code-file', word: m.word, text: mod.split('.')[0] + '.py', language: 'python' });
  if (PY_SERVERS.has(mod)) {
    f.network = true;
    f.destructive ??= 'network-listen';
  }
}

const F = 'interpreters';
const PY_NAMES = 'python|python2|python3|pypy|pypy3|python3.6|python3.7|python3.8|python3.9|python3.10|python3.11|python3.12|python3.13|python3.14|python2.7';

export const INTERPRETERS = (): ProgramSpec[] => [
  prog(F, PY_NAMES, '>c:code.python >m:code.python-module b B d E h ?help i I O P q s S u v ?V|version W:none X:config x check-hash-based-pycs:none', 'codefile.python none*', { posix: true, stdin: 'code', stdinLanguage: 'python', alt: [['c|m', 'none*']], hook: pythonModule }),
  prog(F, 'node|nodejs', 'e|eval:code.node p|print:code.node r|require:codefile.node import:codefile.node loader|experimental-loader:codefile.node c|check i|interactive inspect:: inspect-brk:: inspect-port:none input-type:none test watch watch-path:read env-file:read title:none max-old-space-size:none stack-size:none enable-source-maps experimental-vm-modules experimental-specifier-resolution:none no-warnings no-deprecation trace-warnings trace-deprecation unhandled-rejections:none conditions|C:none preserve-symlinks openssl-legacy-provider experimental-strip-types experimental-transform-types expose-gc abort-on-uncaught-exception frozen-intrinsics disable-proto:none icu-data-dir:read !run:none ?h|help ?v|version', 'codefile.node none*', { posix: true, stdin: 'code', stdinLanguage: 'node', alt: [['eval|print', 'none*'], ['check', 'read']] }),
  prog(F, 'perl|perl5', 'e:code.perl E:code.perl n p a l:: 0:: F:none i:: M:code.perl-module m:code.perl-module I:config x:: S c w W X T t s u U d:: D:none C:: ?v|version ?V:: ?h|help', 'codefile.perl read*', { posix: true, stdin: 'code', stdinLanguage: 'perl', alt: [['e,i|E,i', 'write*'], ['e|E', 'read*'], ['i', 'codefile.perl write*'], ['c', 'read read*']] }),
  prog(F, 'ruby|jruby', 'e:code.ruby r|require:codefile.ruby I:config n p a l c w W:: v d|debug C:cwd x:: i:: F:none 0:: s S y|yydebug E|encoding:none U K:none enable:none disable:none jit yjit ?h ?help ?version', 'codefile.ruby read*', { hook: versionAlone, posix: true, stdin: 'code', stdinLanguage: 'ruby', alt: [['e,i', 'write*'], ['e', 'read*'], ['c', 'read']] }),
  prog(F, 'php|php8|php7|php-cli', 'r:code.php B:code.php R:code.php E:code.php F:codefile.php f:codefile.php a c:config d:config n e h ?help i ?v|version l m s S:network t:cwd w z:codefile.php H q', 'codefile.php none*', { posix: true, stdin: 'code', stdinLanguage: 'php', alt: [['r|R|B|E', 'none*'], ['l|s|w', 'read'], ['S', 'none*']] }),
  prog(F, 'lua|luajit|lua5.1|lua5.2|lua5.3|lua5.4', 'e:code.lua l:code.lua-module i v E W', 'codefile.lua none*', { hook: versionAlone, posix: true, stdin: 'code', stdinLanguage: 'lua', alt: [['e', 'none*']] }),
  prog(F, 'Rscript', 'e|expr:code.r default-packages:none vanilla no-environ no-site-file no-init-file restore no-restore save no-save verbose ?help ?version', 'codefile.r none*', { posix: true, singleDash: false, alt: [['expr', 'none*']] }),
  prog(F, 'R', 'e:code.r f|file:codefile.r vanilla no-environ no-site-file no-init-file restore no-restore save no-save q|quiet|silent s|slave interactive ?h|help ?version args', 'none*', { posix: true, stdin: 'code', stdinLanguage: 'r' }),
  prog(F, 'julia', 'e|eval:code.julia E|print:code.julia L|load:codefile.julia project:: t|threads:none q|quiet i startup-file:none history-file:none color:none O|optimize:: g:: compile:none depwarn:none check-bounds:none ?h|help ?v|version', 'codefile.julia none*', { posix: true, stdin: 'code', stdinLanguage: 'julia', alt: [['eval|print', 'none*']] }),
  prog(F, 'tclsh|wish|tclsh8.6', 'encoding:none', 'codefile.tcl none*', { posix: true, stdin: 'code', stdinLanguage: 'tcl', singleDash: true }),
  prog(F, 'expect', 'c:code.expect f:codefile.expect d D:none i n N b ?v ?help', 'codefile.expect none*', { posix: true, stdin: 'code', stdinLanguage: 'expect', alt: [['f|c', 'none*']] }),
  prog(F, 'osascript', 'e:code.applescript l:none i s:none', 'codefile.applescript none*', { posix: true, stdin: 'code', stdinLanguage: 'applescript', alt: [['e', 'none*']] }),
  prog(F, 'pwsh|powershell|pwsh.exe|powershell.exe', 'c|command|Command:code.powershell ec|encodedcommand|EncodedCommand:code.powershell-base64 f|file|File:codefile.powershell nop|noprofile|NoProfile noni|noninteractive|NonInteractive ex|executionpolicy|ExecutionPolicy:none w|windowstyle|WindowStyle:none nol|nologo|NoLogo noe|noexit|NoExit mta sta ?v|version ?h|help', 'codefile.powershell none*', { posix: true, singleDash: true, stdin: 'code', stdinLanguage: 'powershell', alt: [['command|encodedcommand', 'none*']] }),
  prog(F, 'java', 'cp|classpath|class-path:config p|module-path:config jar:codefile.java m|module:code.java-module D:none javaagent:codefile.java agentlib:none agentpath:codefile.so verbose:: ea|enableassertions da|disableassertions Xmx:none Xms:none server client showversion ?version ?help|h', 'codefile.java none*', { posix: true, singleDash: true, alt: [['module', 'none*']] }),
];
