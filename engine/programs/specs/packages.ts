// Package managers and task runners: installs reach the network and run code from it;
// run / exec / x run project or downloaded code.
import { aptOptions, commandAfter } from '../exec-hooks.ts';
import { cmd, HV, prog } from '../dsl.ts';
import { cmakeE } from '../cmake-e.ts';
import { sv } from '../words.ts';
import type { ArgFact, CommandSpec, HookContext, ProgramSpec } from '../types.ts';

/** Makefile variables that name where `make install` writes (GNU coding standards and common spellings). */
const INSTALL_DIRS = new Set(['DESTDIR', 'PREFIX', 'prefix', 'exec_prefix', 'bindir', 'BINDIR', 'sbindir', 'libdir', 'LIBDIR', 'libexecdir', 'datadir', 'DATADIR', 'sysconfdir', 'SYSCONFDIR', 'includedir', 'mandir', 'MANDIR', 'INSTALL_ROOT', 'INSTALLDIR', 'DEST']);

const F = 'packages';

/** cargo --config keys whose value is a program cargo runs (a runner wraps every test binary). */
const CARGO_RUNS = ['.runner', 'build.rustc-wrapper', 'build.rustc-workspace-wrapper', 'build.rustc', 'build.rustdoc', '.linker'];

/**
 * cargo --config 'target.T.runner=["sh", "-c", "…"]' (or a TOML string): the command cargo runs,
 * as a command line of its own (each TOML string one word).
 */
function cargoConfig(c: HookContext): void {
  const extra = [];
  for (const a of c.facts.args) {
    if (a.option !== 'config' || !a.word.static) continue;
    const t = a.text ?? a.word.value ?? '';
    const eq = t.indexOf('=');
    if (eq < 0) continue;
    const key = t.slice(0, eq).trim();
    if (!CARGO_RUNS.some((k) => (k.startsWith('.') ? key.endsWith(k) : key === k))) continue;
    const words = tomlStrings(t.slice(eq + 1).trim());
    if (words === null) c.effect = true;
    else if (words.length) extra.push({ role: 'exec-line' as const, word: a.word, option: 'config', text: words.map(shQuote).join(' ') });
  }
  c.facts.args.push(...extra);
}

/** A TOML basic string or an array of them ("a" / ["a", "b"]), else null. */
function tomlStrings(v: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  const array = v[0] === '[';
  if (array) i++;
  for (;;) {
    while (v[i] === ' ' || v[i] === ',') i++;
    if (array && v[i] === ']') return i === v.length - 1 ? out : null;
    if (v[i] !== '"' && v[i] !== "'") return null;
    const q = v[i];
    const end = v.indexOf(q, i + 1);
    if (end < 0) return null;
    const s = v.slice(i + 1, end);
    if (q === '"' && s.includes('\\')) return null;
    out.push(s);
    i = end + 1;
    if (!array) return i === v.length ? out : null;
  }
}

function shQuote(s: string): string {
  return "'" + s.split("'").join("'\\''") + "'";
}
/**
 * A package manager's `config set/delete/edit`: the setting lands in its config file (registry,
 * script-shell, node-options … change what later installs and runs load). The files, by scope.
 */
const CONFIG_FILES: Record<string, { user: string[]; global: string; project: string }> = {
  npm: { user: ['~/.npmrc'], global: '/usr/local/etc/npmrc', project: '.npmrc' },
  pnpm: { user: ['~/.npmrc', '~/.config/pnpm/rc'], global: '~/.config/pnpm/rc', project: '.npmrc' },
  yarn: { user: ['~/.yarnrc', '.yarnrc.yml'], global: '~/.yarnrc.yml', project: '.yarnrc.yml' },
  pip: { user: ['~/.config/pip/pip.conf'], global: '/etc/pip.conf', project: '$VIRTUAL_ENV/pip.conf' },
};

function configWrite(c: HookContext): void {
  const f = c.facts;
  const o = f.options;
  // `npm config edit` and `pip config edit` open an editor on the file
  const verb = f.subcommand[f.subcommand.length - 1];
  const files = CONFIG_FILES[f.name.startsWith('pip') || f.name === 'uv' ? 'pip' : f.name] ?? CONFIG_FILES.npm!;
  const own = f.args.find((a) => a.option === 'userconfig');
  const loc = o.get('location');
  let texts: string[];
  if (own) {
    own.role = 'write';
    texts = [];
  } else if (o.has('global') || loc === 'global') texts = [files.global];
  else if (loc === 'project' || o.has('site')) texts = [files.project];
  else if (o.has('home') || o.has('H')) texts = ['~/.yarnrc.yml'];
  else texts = files.user;
  const w = c.args[c.stop] ?? c.args[0];
  if (w) for (const text of texts) f.args.push({ role: 'write', word: w, text, create: 'create', option: 'config' });
  if (verb === 'edit' && w) f.args.push({ role: 'exec-line', word: w, text: '$EDITOR', language: 'sh' });
  c.effect = true;
}

/**
 * deno run URL with no --allow-* / -A flag runs the module in deno's sandbox: no file, network,
 * env or subprocess access (a prompt needs a terminal). It fetches the code; nothing else.
 */
function denoSandbox(c: HookContext): void {
  for (const k of c.facts.options.keys()) if (k === 'allow-all' || k.startsWith('allow-') || k === 'A' || k === 'inspect' || k === 'inspect-brk') return;
  const main = c.facts.args.find((a) => a.role === 'code-file' && a.option === undefined);
  const t = main && main.word.static ? (main.word.value ?? '') : '';
  if (!main || !t.includes('://')) return;
  main.role = 'network';
  main.direction = 'in';
  delete main.language;
  c.effect = true;
}

const NETCODE = { network: true, installs: true };
const RO = { pure: true, writesStdout: true };

/** Config keys that hold a credential (_auth, _authToken, //host/:_password, token …). */
const SECRET_KEY = /(^|[:/._])(_?auth(token)?|_?password|token|secret)$|^(_auth|_authtoken|_password)$/i;

/** `npm config get KEY`: a key that holds a credential prints a stored secret. */
function secretGet(c: HookContext): void {
  if (c.operands.some((w) => !w.static || SECRET_KEY.test(w.value ?? ''))) c.facts.destructive ??= 'secret-read';
}
const R = (o = '') => cmd(o, 'none*');
const INSTALL = (o = '') => cmd(o, 'none*', NETCODE);
const RUN = (o = '') => cmd(o, 'argv');

const NPM_COMMON = 'node-options:code.node-options g|global w|workspace:none ws|workspaces include-workspace-root prefix:cwd C:cwd s|silent q|quiet d loglevel:none y|yes no-yes userconfig:config globalconfig:config registry:net cache:dir ignore-scripts omit:none include:none save-dev|D save-prod|P save-optional|O save-exact|E no-save S|save force f|force legacy-peer-deps strict-peer-deps dry-run json parseable|p long|l production foreground-scripts script-shell:line.sh audit no-audit fund no-fund package-lock no-package-lock install-links location:none dev prefer-offline prefer-online offline ?v|version ?h|help usage';
const npmSubs = (): Record<string, CommandSpec> => ({
  install: INSTALL(NPM_COMMON), ci: INSTALL(NPM_COMMON), update: INSTALL(NPM_COMMON), 'install-test': INSTALL(NPM_COMMON), 'install-ci-test': INSTALL(NPM_COMMON),
  uninstall: R(NPM_COMMON), prune: R(NPM_COMMON), dedupe: R(NPM_COMMON), rebuild: R(NPM_COMMON), link: INSTALL(NPM_COMMON),
  run: cmd(`${NPM_COMMON} if-present`, 'none none*'), 'run-script': cmd(`${NPM_COMMON} if-present`, 'none none*'),
  test: R(NPM_COMMON), start: R(NPM_COMMON), stop: R(NPM_COMMON), restart: R(NPM_COMMON),
  exec: cmd(`${NPM_COMMON} package:none c|call:line.sh`, 'argv', NETCODE), x: cmd(`${NPM_COMMON} package:none c|call:line.sh`, 'argv', NETCODE),
  publish: cmd(`${NPM_COMMON} tag:none access:none otp:none provenance`, 'read?', { network: true, destructive: 'package-publish' }),
  unpublish: cmd(`${NPM_COMMON} otp:none`, 'none?', { network: true, destructive: 'package-unpublish' }),
  deprecate: cmd(NPM_COMMON, 'none none', { network: true }),
  'dist-tag': cmd(NPM_COMMON, 'none*', { network: true }),
  pack: cmd(`${NPM_COMMON} pack-destination:dir`, 'none*'),
  init: cmd(NPM_COMMON, 'none*', NETCODE), create: cmd(NPM_COMMON, 'none*', NETCODE),
  config: cmd(NPM_COMMON, 'none*', { subs: { get: cmd(NPM_COMMON, 'none*', { ...RO, hook: secretGet }), list: cmd(NPM_COMMON, '', RO), ls: cmd(NPM_COMMON, '', RO), set: cmd(NPM_COMMON, 'none*', { hook: configWrite }), delete: cmd(NPM_COMMON, 'none*', { hook: configWrite }), rm: cmd(NPM_COMMON, 'none*', { hook: configWrite }), edit: cmd(NPM_COMMON, '', { hook: configWrite }), fix: cmd(NPM_COMMON, '', { hook: configWrite }) } }),
  set: cmd(NPM_COMMON, 'none*', { hook: configWrite }), get: cmd(NPM_COMMON, 'none*', { ...RO, hook: secretGet }),
  ls: cmd(`${NPM_COMMON} a|all depth:none`, 'none*', RO), list: cmd(`${NPM_COMMON} a|all depth:none`, 'none*', RO),
  view: cmd(NPM_COMMON, 'none*', { ...RO, network: true }), info: cmd(NPM_COMMON, 'none*', { ...RO, network: true }),
  search: cmd(NPM_COMMON, 'none*', { ...RO, network: true }), outdated: cmd(NPM_COMMON, 'none*', { ...RO, network: true }),
  audit: cmd(NPM_COMMON, 'none*', { network: true }), doctor: cmd(NPM_COMMON, '', { network: true }), whoami: cmd(NPM_COMMON, '', { network: true }),
  explain: cmd(NPM_COMMON, 'none*', RO), why: cmd(NPM_COMMON, 'none*', RO), root: cmd(NPM_COMMON, '', RO), prefix: cmd(NPM_COMMON, '', RO), bin: cmd(NPM_COMMON, '', RO),
  help: cmd(NPM_COMMON, 'none*', RO), version: cmd(NPM_COMMON, 'none?'), cache: cmd(NPM_COMMON, 'none*'), login: cmd(NPM_COMMON, '', { network: true }), logout: cmd(NPM_COMMON, '', { network: true }),
  adduser: cmd(NPM_COMMON, '', { network: true }), token: cmd(NPM_COMMON, 'none*', { network: true }), owner: cmd(NPM_COMMON, 'none*', { network: true }),
  pkg: cmd(NPM_COMMON, 'none*'), edit: cmd(NPM_COMMON, 'none'), explore: cmd(NPM_COMMON, 'none lines.sh'), fund: cmd(NPM_COMMON, 'none*', RO), query: cmd(NPM_COMMON, 'none', RO), sbom: cmd(NPM_COMMON, '', RO),
});
const NPM_ALIAS = { i: 'install', in: 'install', ins: 'install', inst: 'install', insta: 'install', instal: 'install', isnt: 'install', isnta: 'install', isntal: 'install', isntall: 'install', add: 'install', it: 'install-test', cit: 'install-ci-test', 'clean-install': 'ci', ic: 'ci', 'install-clean': 'ci', 'isntall-clean': 'ci', up: 'update', upgrade: 'update', udpate: 'update', un: 'uninstall', unlink: 'uninstall', remove: 'uninstall', rm: 'uninstall', r: 'uninstall', rum: 'run', urn: 'run', t: 'test', tst: 'test', c: 'config', la: 'ls', ll: 'ls', v: 'view', show: 'view', ln: 'link', innit: 'init', s: 'search', se: 'search', find: 'search' };

const YARN = 'W|ignore-workspace-root-check D|dev P|peer O|optional E|exact T|tilde frozen-lockfile immutable ignore-scripts prefer-offline offline silent verbose json cwd:cwd modules-folder:dir cache-folder:dir registry:net ?v|version ?h|help';
const PIP = 'r|requirement:read c|constraint:read e|editable:read U|upgrade user target|t:dir prefix:dir root:dir i|index-url:net extra-index-url:net f|find-links:net no-index no-deps pre force-reinstall I|ignore-installed no-cache-dir q|quiet v|verbose break-system-packages no-build-isolation only-binary:none no-binary:none trusted-host:none proxy:net cert:read client-cert:read isolated require-hashes dry-run report:write upgrade-strategy:none python:none y|yes disable-pip-version-check no-input timeout:none retries:none exists-action:none log:write cache-dir:dir src:dir config-settings|C:none ?V|version ?h|help';

let pipShared: Record<string, CommandSpec> | undefined;
/** pip's subcommands: one table for pip and uv pip, built with the family. */
const pipSubs = (): Record<string, CommandSpec> => (pipShared ??= {
  install: cmd(PIP, 'none*', NETCODE), download: cmd(`${PIP} d|dest:dir`, 'none*', { network: true }), wheel: cmd(`${PIP} w|wheel-dir:dir`, 'none*', NETCODE),
  uninstall: cmd(PIP, 'none*'), list: cmd(`${PIP} o|outdated u|uptodate e|editable l|local format:none not-required`, '', RO), freeze: cmd(`${PIP} l|local all exclude:none`, '', RO),
  show: cmd(`${PIP} f|files`, 'none*', RO), check: cmd(PIP, '', RO), search: cmd(PIP, 'none*', { ...RO, network: true }), config: cmd(`${PIP} global user site editor:line`, 'none*', { subs: { set: cmd(`${PIP} global user site`, 'none none?', { hook: configWrite }), unset: cmd(`${PIP} global user site`, 'none', { hook: configWrite }), edit: cmd(`${PIP} global user site editor:line`, '', { hook: configWrite }), list: cmd(`${PIP} global user site`, '', RO), get: cmd(`${PIP} global user site`, 'none', RO), debug: cmd(`${PIP} global user site`, '', RO) } }),
  cache: cmd(PIP, 'none*'), index: cmd(PIP, 'none*', { network: true }), inspect: cmd(PIP, '', RO), debug: cmd(PIP, '', RO), hash: cmd(`${PIP} a|algorithm:none`, 'read*', RO), help: cmd(PIP, 'none*', RO),
});

const CARGO = 'v|verbose q|quiet color:none frozen locked offline config:config Z:none C:cwd manifest-path:config p|package:none workspace all exclude:none lib bins bin:none examples example:none tests test:none benches bench:none all-targets F|features:none all-features no-default-features release r profile:none target:none target-dir:dir j|jobs:none keep-going message-format:none ?V|version ?h|help list explain:none';
/** go run a.go b.go ARGS: the leading .go files are the program, the rest its arguments. */
function goRunFiles(c: import('../types.ts').HookContext): void {
  for (const a of c.facts.args) {
    if (a.option !== undefined || a.role !== 'none') continue;
    if (a.word.static && (a.word.value ?? '').endsWith('.go') && c.facts.args.indexOf(a) === c.facts.args.findIndex((x) => x.option === undefined && x.role === 'none')) {
      a.role = 'code-file';
      a.language = 'go';
    } else break;
  }
}

const GO = 'C:cwd x n v a race msan asan cover coverpkg:none work p:none o:write mod:none modfile:config overlay:config pgo:none tags:none ldflags:none gcflags:none asmflags:none trimpath toolexec:line buildmode:none buildvcs:none compiler:none gccgoflags:none installsuffix:none linkshared pkgdir:dir exec:line json';
// pytest -o cache_dir=D (an ini override) moves the cache pytest writes.
const pytestHook = (c: HookContext): void => {
  c.effect = true;
  for (const a of [...c.facts.args]) {
    const v = a.option === 'override-ini' ? (a.text ?? (a.word.static ? a.word.value : undefined)) : undefined;
    if (v !== undefined && v.startsWith('cache_dir=')) c.facts.args.push({ role: 'write', word: a.word, text: v.slice('cache_dir='.length), option: 'override-ini' });
  }
};
const MAKE = 'B|always-make C|directory:cwd d debug:: e|environment-overrides E|eval:code.make f|file|makefile:codefile.make i|ignore-errors I|include-dir:config j|jobs:: k|keep-going l|load-average|max-load:: L|check-symlink-times n|just-print|dry-run|recon o|old-file|assume-old:none O|output-sync:: p|print-data-base q|question r|no-builtin-rules R|no-builtin-variables s|silent|quiet no-silent S|no-keep-going|stop t|touch trace ?v|version w|print-directory no-print-directory W|what-if|new-file|assume-new:none warn-undefined-variables shuffle:: ?h|help';

/** taskwarrior's `task execute CMD` runs CMD through the shell. */
const TASK_EXECUTE = commandAfter(['execute'], 'line');

export const PACKAGES = (): ProgramSpec[] => projectCode([
  prog(F, 'npm', NPM_COMMON, 'none*', { posix: true, subs: npmSubs(), alias: NPM_ALIAS, subRequired: true, subPrefix: true }),
  prog(F, 'npx|pnpx|bunx', `p|package:none c|call:line.sh y|yes no no-install ignore-existing q|quiet shell:line prefix:cwd registry:net ?v|version ?h|help`, 'argv', { posix: true, network: true, installs: true }),
  prog(F, 'pnpm', `${NPM_COMMON} r|recursive filter|F:none dir:cwd workspace-root`, 'none*', { posix: true, subOpen: true, subs: { ...npmSubs(), add: INSTALL(`${NPM_COMMON} r|recursive filter|F:none`), dlx: RUN(`${NPM_COMMON} package:none`), remove: R(NPM_COMMON), why: cmd(NPM_COMMON, 'none*', RO), store: R(NPM_COMMON) }, alias: NPM_ALIAS }),
  prog(F, 'yarn', YARN, 'none*', { posix: true, subOpen: true, subs: { install: INSTALL(YARN), add: INSTALL(YARN), upgrade: INSTALL(YARN), up: INSTALL(YARN), remove: R(YARN), run: cmd(YARN, 'none none*'), exec: RUN(YARN), dlx: cmd(YARN, 'argv', NETCODE), create: INSTALL(YARN), publish: cmd(YARN, 'none*', { network: true, destructive: 'package-publish' }), info: cmd(YARN, 'none*', { ...RO, network: true }), list: cmd(YARN, 'none*', RO), why: cmd(YARN, 'none*', RO), config: cmd(`${YARN} H|home`, 'none*', { subs: { set: cmd(`${YARN} H|home`, 'none*', { hook: configWrite }), unset: cmd(`${YARN} H|home`, 'none*', { hook: configWrite }), delete: cmd(`${YARN} H|home`, 'none*', { hook: configWrite }), get: cmd(`${YARN} H|home why json`, 'none*', RO), list: cmd(`${YARN} H|home why json`, '', RO) } }), cache: R(YARN), test: R(YARN), start: R(YARN), build: R(YARN), global: cmd(YARN, 'none*', { subOpen: true, network: true }), workspace: cmd(YARN, 'none none*'), workspaces: R(YARN), link: R(YARN), unlink: R(YARN), init: R(YARN), version: R(YARN), audit: cmd(YARN, 'none*', { network: true }), outdated: cmd(YARN, 'none*', { ...RO, network: true }) } }),
  prog(F, 'bun', 'e|eval:code.node p|print:code.node cwd:cwd config|c:config r|preload:codefile.node watch hot silent ?v|version ?h|help', 'codefile.node none*', { posix: true, subOpen: true, subs: { install: INSTALL(YARN), i: INSTALL(YARN), add: INSTALL(YARN), a: INSTALL(YARN), remove: R(YARN), rm: R(YARN), update: INSTALL(YARN), run: cmd('silent bun watch hot cwd:cwd', 'codefile.node none*'), x: cmd('bun', 'argv', NETCODE), exec: cmd('', 'lines.sh'), test: R('watch t|test-name-pattern:none timeout:none coverage'), build: cmd('outdir:dir outfile:write target:none minify compile', 'read*'), create: INSTALL(YARN), init: R('y|yes'), pm: R(''), link: R(''), publish: cmd('', 'none*', { network: true, destructive: 'package-publish' }), upgrade: cmd('', '', { network: true }), repl: cmd('', '') } }),
  prog(F, 'deno', 'A|allow-all allow-read:: allow-write:: allow-net:: allow-env:: allow-run:: allow-ffi:: allow-sys:: allow-import:: q|quiet c|config:config no-config L|log-level:none unstable r|reload:: import-map:config lock:: no-lock cert:read location:none seed:none v8-flags:none ?V|version ?h|help', 'none*', { posix: true, subRequired: true, subs: { run: cmd('A|allow-all allow-read:: allow-write:: allow-net:: allow-env:: allow-run:: allow-ffi:: allow-sys:: allow-import:: allow-scripts:: q|quiet c|config:config no-config watch r|reload:: import-map:config lock:: no-lock env-file:: unstable ext:none no-check check:: cert:read location:none seed:none v8-flags:none inspect:: inspect-brk:: N|no-npm no-remote', 'codefile.deno none*', { hook: denoSandbox }), eval: cmd('A p|print q|quiet ext:none c|config:config', 'code.deno none*'), task: cmd('c|config:config cwd:cwd q|quiet r|recursive f|filter:none', 'none none*'), test: cmd('A|allow-all allow-read:: allow-write:: allow-net:: allow-env:: allow-run:: q|quiet c|config:config doc filter:none coverage:: watch', 'read*'), install: INSTALL('A|allow-all g|global n|name:none root:dir f|force c|config:config allow-read:: allow-write:: allow-net:: allow-env:: allow-run::'), add: INSTALL('dev D'), fmt: cmd('check c|config:config ext:none', 'write*', { alt: [['check', 'read*']] }), lint: cmd('c|config:config fix json', 'read*', RO), check: cmd('c|config:config all remote', 'read*', RO), compile: cmd('A o|output:write target:none include:read c|config:config', 'read none*', NETCODE), repl: cmd('A eval:code.deno eval-file:codefile.deno', ''), info: cmd('json', 'none?', RO), doc: cmd('json html output:dir', 'read*', RO), upgrade: cmd('', 'none?', { network: true }), cache: cmd('', 'none*', { network: true }), bench: cmd('A', 'read*'), serve: cmd('A port:none host:none', 'codefile.deno none*', { network: true }), init: cmd('', 'write.create?'), publish: cmd('dry-run', '', { network: true, destructive: 'package-publish' }), x: cmd('A', 'argv', NETCODE) } }),
  prog(F, 'pip|pip3|pip3.10|pip3.11|pip3.12|pip3.13', PIP, 'none*', { posix: true, subRequired: true, subs: pipSubs() }),
  prog(F, 'pipx', 'q|quiet v|verbose ?version ?h|help', 'none*', { posix: true, subRequired: true, subs: { install: INSTALL('force python:none include-deps suffix:none index-url:net pip-args:none global'), run: cmd('spec:none python:none index-url:net pip-args:none no-cache path', 'argv', NETCODE), uninstall: R(''), 'uninstall-all': R(''), upgrade: INSTALL(''), 'upgrade-all': INSTALL(''), list: cmd('json short include-injected', '', RO), inject: INSTALL(''), ensurepath: cmd('force', ''), reinstall: INSTALL(''), 'reinstall-all': INSTALL(''), runpip: cmd('', 'none argv') } }),
  prog(F, 'uv', 'q|quiet v|verbose n|no-cache cache-dir:dir python:none directory:cwd project:cwd config-file:config no-config offline native-tls color:none ?V|version ?h|help', 'none*', { posix: true, subRequired: true, subs: { pip: cmd('', 'none*', { subs: pipSubs() }), run: cmd('with:none with-requirements:read python|p:none script|s no-project isolated env-file:read module|m frozen locked no-sync directory:cwd project:cwd index-url:net extra-index-url:net', 'argv', NETCODE), tool: cmd('', 'none*', { subs: { run: cmd('from:none with:none python:none index-url:net', 'argv', NETCODE), install: INSTALL('from:none with:none python:none force'), uninstall: R(''), list: cmd('', '', RO), upgrade: INSTALL('all'), dir: cmd('', '', RO) } }), x: cmd('from:none with:none python:none', 'argv', NETCODE), add: INSTALL('dev optional:none r|requirements:read editable'), remove: R('dev'), sync: INSTALL('frozen locked all-extras extra:none no-dev inexact'), lock: INSTALL('upgrade locked frozen'), init: cmd('lib app package no-package name:none python:none', 'write.create?'), venv: cmd('python|p:none seed prompt:none system-site-packages', 'write.create?'), build: cmd('o|out-dir:dir sdist wheel', 'read?'), publish: cmd('token:none index:net', 'read*', { network: true, destructive: 'package-publish' }), python: cmd('', 'none*', { subOpen: true, network: true }), tree: cmd('depth:none', '', RO), export: cmd('o|output-file:write format:none', '', RO), version: cmd('short', 'none?'), 'self': cmd('', 'none*', { network: true }), cache: R(''), help: cmd('', 'none*', RO) } }),
  prog(F, 'poetry', 'q|quiet v|verbose n|no-interaction ansi no-ansi C|directory:cwd P|project:cwd ?V|version ?h|help', 'none*', { posix: true, subRequired: true, subs: { install: INSTALL('no-root only:none with:none without:none sync E|extras:none all-extras'), add: INSTALL('D|dev G|group:none E|extras:none optional allow-prereleases dry-run lock'), remove: R('D|dev G|group:none'), update: INSTALL('dry-run lock'), lock: INSTALL('no-update'), run: RUN(''), shell: cmd('', ''), build: cmd('f|format:none', ''), publish: cmd('r|repository:net u|username:none p|password:none build dry-run', '', { network: true, destructive: 'package-publish' }), show: cmd('tree latest outdated', 'none?', RO), check: cmd('', '', RO), config: cmd('list unset local', 'none*'), env: cmd('', 'none*', { subOpen: true }), init: cmd('name:none', ''), new: cmd('name:none src', 'write.create'), version: cmd('s|short dry-run', 'none?'), search: cmd('', 'none*', { ...RO, network: true }), 'self': cmd('', 'none*', { subOpen: true, network: true }), source: cmd('', 'none*', { subOpen: true }), export: cmd('o|output:write f|format:none', '', RO) } }),
  prog(F, 'cargo', CARGO, 'none*', { posix: true, subOpen: true, hook: cargoConfig, subs: { build: cmd(CARGO, 'none*', NETCODE), b: cmd(CARGO, 'none*', NETCODE), check: cmd(CARGO, 'none*', NETCODE), c: cmd(CARGO, 'none*', NETCODE), run: cmd(CARGO, 'none*', NETCODE), r: cmd(CARGO, 'none*', NETCODE), test: cmd(`${CARGO} no-run no-fail-fast doc`, 'none*', NETCODE), t: cmd(CARGO, 'none*', NETCODE), bench: cmd(CARGO, 'none*', NETCODE), install: INSTALL(`${CARGO} git:net branch:none tag:none rev:none path:read root:dir force f version:none registry:net index:net`), uninstall: R(`${CARGO} root:dir`), fetch: cmd(CARGO, '', { network: true }), update: cmd(`${CARGO} aggressive precise:none`, 'none*', { network: true }), add: cmd(`${CARGO} dev build git:net path:read rename:none optional`, 'none*', { network: true }), remove: R(CARGO), clean: cmd(`${CARGO} doc`, '', {}), doc: cmd(`${CARGO} open no-deps document-private-items`, '', NETCODE), new: cmd(`${CARGO} vcs:none name:none edition:none`, 'write.create'), init: cmd(`${CARGO} vcs:none name:none edition:none`, 'write.create?'), publish: cmd(`${CARGO} dry-run token:none no-verify allow-dirty registry:net`, '', { network: true, destructive: 'package-publish' }), yank: cmd(`${CARGO} vers:none undo token:none`, 'none?', { network: true }), search: cmd(`${CARGO} limit:none`, 'none*', { ...RO, network: true }), tree: cmd(`${CARGO} i|invert:none e|edges:none depth:none`, '', RO), metadata: cmd(`${CARGO} format-version:none no-deps`, '', RO), fmt: cmd(`${CARGO} check all`, 'none*'), clippy: cmd(`${CARGO} fix allow-dirty`, 'none*', NETCODE), fix: cmd(`${CARGO} allow-dirty allow-staged edition`, 'none*', NETCODE), vendor: cmd(CARGO, 'dir?', { network: true }), package: cmd(`${CARGO} list no-verify allow-dirty`, '', NETCODE), login: cmd('registry:net', 'none?', { network: true }), version: cmd(CARGO, '', RO), help: cmd(CARGO, 'none*', RO), 'locate-project': cmd(CARGO, '', RO), 'generate-lockfile': cmd(CARGO, '', { network: true }), 'read-manifest': cmd(CARGO, '', RO), 'verify-project': cmd(CARGO, '', RO) } }),
  prog(F, 'go', '', 'none*', { posix: true, subRequired: true, subs: { build: cmd(GO, 'none*', { posix: true, singleDash: true, ...NETCODE }), install: cmd(GO, 'none*', { posix: true, singleDash: true, ...NETCODE }), run: cmd(GO, 'codefile.go none*', { posix: true, singleDash: true, ...NETCODE, hook: goRunFiles }), test: cmd(`${GO} run:none bench:none count:none cpu:none failfast short timeout:none coverprofile:write cpuprofile:write memprofile:write blockprofile:write trace:write outputdir:dir args c i vet:none list:none shuffle:none parallel:none fuzz:none fuzztime:none benchmem benchtime:none`, 'none*', { singleDash: true, ...NETCODE }), get: cmd(`${GO} t u d insecure`, 'none*', { posix: true, singleDash: true, ...NETCODE }), mod: cmd('', 'none*', { subOpen: true, network: true }), generate: cmd(`${GO} run:none skip:none`, 'none*', { posix: true, singleDash: true, hook: (c) => { c.effect = true; } }), vet: cmd(`${GO} vettool:codefile.exe`, 'none*', { posix: true, singleDash: true, ...NETCODE }), fmt: cmd('n x mod:none', 'write*', { posix: true, singleDash: true }), version: cmd('m v json', 'read*', { posix: true, singleDash: true, ...RO }), env: cmd('json u:none w', 'none*', { posix: true, singleDash: true, pure: true, hook: (c) => { if (c.facts.options.has('w') || c.facts.options.has('u')) c.effect = true; } }), list: cmd(`${GO} m json:: f:none e deps test u versions retracted find compiled export`, 'none*', { posix: true, singleDash: true, network: true }), clean: cmd(`${GO} i r cache testcache modcache fuzzcache`, 'none*', { posix: true, singleDash: true }), doc: cmd('all c cmd short src u', 'none*', { posix: true, singleDash: true, ...RO }), tool: cmd('n', 'argv', { posix: true, singleDash: true }), work: cmd('', 'none*', { subOpen: true }), help: cmd('', 'none*', RO), bug: cmd('', '', {}), fix: cmd('', 'none*', { posix: true, singleDash: true }), telemetry: cmd('', 'none*') } }),
  // VAR=value operands override Makefile variables (config); an install location (DESTDIR=, prefix=) is also
  // where the rules write, under names the Makefile picks (like archive members)
  prog(F, 'make|gmake|bmake|remake', MAKE, 'none*', { stdin: undefined, hook: (c) => { c.effect = true; const extra: ArgFact[] = []; for (const a of c.facts.args) { if (a.option !== undefined) continue; const t = a.word.static ? (a.word.value ?? '') : a.word.approx; const eq = t.indexOf('='); if (eq <= 0) continue; if (a.word.static) a.role = 'config'; if (INSTALL_DIRS.has(t.slice(0, eq))) extra.push({ role: 'dir-target', word: a.word, members: true, ...(a.word.static ? { text: t.slice(eq + 1) } : { approx: t.slice(eq + 1) }) }); } c.facts.args.push(...extra); } }),
  prog(F, 'cmake', 'S:read B:dir C:codefile.cmake D:config U:none G:none T:none A:none P:codefile.cmake E:none build:dir install:dir target|t:none j|parallel:none config:none fresh toolchain:codefile.cmake preset:none workflow:none trace trace-expand warn-uninitialized ?version ?h|help', 'read*', { hook: (c) => { c.effect = true; cmakeE(c); } }),
  prog(F, 'ninja', 'C:cwd f:codefile.ninja j:none k:none l:none n v d:none t:none w:none ?version ?h', 'none*', { hook: (c) => { c.effect = true; } }),
  prog(F, 'meson', 'v|version ?h|help', 'none*', { posix: true, subOpen: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'pytest|py.test', 'k:none m:none x|exitfirst maxfail:none s capture:none q|quiet v|verbose r:none l|showlocals tb:none lf|last-failed ff|failed-first sw|stepwise co|collect-only collect-only|collectonly p:config c|config-file:config rootdir:cwd ^basetemp:delete confcutdir:config noconftest ignore:none ignore-glob:none deselect:none junitxml|junit-xml:write resultlog:write cov:: cov-report:none cov-config:config n|numprocess:none durations:none color:none pdb pdbcls:code.python-module trace runxfail import-mode:none o|override-ini:config W|pythonwarnings:none log-file:write log-level:none log-cli-level:none cache-clear lfnf:none disable-warnings doctest-modules doctest-glob:none strict-markers strict-config setup-show setup-only setup-plan fixtures|funcargs markers debug:: version|V ?h|help', 'codefile.python*', { hook: pytestHook }),
  prog(F, 'tox', 'e:none p|parallel:: r|recreate c|conf:config root:cwd workdir:dir n|notest skip-missing-interpreters:: q|quiet v|verbose x|override:config ?version ?h|help', 'none*', { ...NETCODE, posix: true, subOpen: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'nox', 's|sessions|session:none k|keywords:none t|tags:none l|list f|noxfile:codefile.python r|reuse-existing-virtualenvs R no-venv envdir:dir ?version ?h|help', 'none*', { ...NETCODE, hook: (c) => { c.effect = true; } }),
  prog(F, 'rake', 'f|rakefile:codefile.ruby C|directory:cwd e|execute:code.ruby p|execute-print:code.ruby E|execute-continue:code.ruby I|libdir:config r|require:codefile.ruby n|dry-run T|tasks:: D|describe:: P|prereqs W|where:: t|trace:: v|verbose q|quiet s|silent j|jobs:: m|multitask ?V|version ?h|help', 'none*', { hook: (c) => { c.effect = true; } }),
  prog(F, 'bundle|bundler', 'gemfile:config no-color V|verbose r|retry:none ?v|version ?h|help', 'none*', { posix: true, subOpen: true, subs: { install: INSTALL('path:dir deployment frozen without:none with:none jobs|j:none local gemfile:config binstubs:dir standalone'), update: INSTALL('all conservative'), exec: RUN('keep-file-descriptors gemfile:config'), add: INSTALL('version|v:none group|g:none source|s:net git:net'), remove: R(''), list: cmd('name-only paths', '', RO), show: cmd('paths', 'none?', RO), check: cmd('', '', RO), outdated: cmd('', 'none*', { ...RO, network: true }), config: R(''), init: R(''), gem: cmd('', 'write.create'), clean: cmd('force dry-run', '') } }),
  prog(F, 'gem', 'V|verbose q|quiet config-file:config backtrace debug ?v|version ?h|help', 'none*', { posix: true, subOpen: true, subs: { open: cmd('e|editor:line.sh', 'none*'), install: INSTALL('i|install-dir:dir n|bindir:dir user-install N|no-document document:none v|version:none source|s:net clear-sources:none f|force P|trust-policy:none g|file:read'), uninstall: R('a|all x|executables i|install-dir:dir v|version:none'), list: cmd('l|local r|remote d|details', 'none*', RO), search: cmd('r|remote', 'none*', { ...RO, network: true }), build: cmd('o|output:write', 'read'), push: cmd('key:none host:net', 'read', { network: true, destructive: 'package-publish' }), yank: cmd('v|version:none', 'none', { network: true }), update: INSTALL('system'), env: cmd('', 'none?', RO), contents: cmd('', 'none*', RO), which: cmd('', 'none*', RO), specification: cmd('', 'none*', RO), fetch: cmd('v|version:none', 'none*', { network: true }), sources: cmd('a|add:net r|remove:none l|list', '', {}) } }),
  prog(F, 'composer', 'd|working-dir:cwd n|no-interaction q|quiet v|vv|vvv|verbose no-plugins no-scripts ansi no-ansi ?V|version ?h|help', 'none*', { posix: true, subOpen: true, subs: { install: INSTALL('no-dev prefer-dist prefer-source o|optimize-autoloader ignore-platform-reqs dry-run'), i: INSTALL('no-dev'), update: INSTALL('no-dev with-dependencies W|with-all-dependencies'), u: INSTALL(''), require: INSTALL('dev'), remove: R('dev'), 'run-script': cmd('dev list', 'none none*'), run: cmd('dev list', 'none none*'), exec: RUN('l|list'), 'create-project': INSTALL('prefer-dist repository:net'), global: cmd('', 'none*', { subOpen: true, network: true }), show: cmd('a|all i|installed l|latest o|outdated t|tree', 'none*', RO), outdated: cmd('direct', 'none*', { ...RO, network: true }), validate: cmd('', '', RO), 'dump-autoload': cmd('o|optimize', ''), config: R('global g unset list l'), diagnose: cmd('', '', { network: true }), audit: cmd('', '', { network: true }), licenses: cmd('', '', RO), why: cmd('', 'none', RO), depends: cmd('', 'none', RO) } }),
  prog(F, 'mvn|mvnw|./mvnw', 'f|file:codefile.maven s|settings:config gs|global-settings:config D|define:config P|activate-profiles:none pl|projects:none am|also-make amd|also-make-dependents o|offline U|update-snapshots q|quiet X|debug e|errors B|batch-mode N|non-recursive T|threads:none ntp|no-transfer-progress rf|resume-from:none l|log-file:write ?v|version ?h|help', 'none*', { ...NETCODE, singleDash: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'gradle|gradlew|./gradlew', 'b|build-file:codefile.gradle c|settings-file:codefile.gradle p|project-dir:cwd g|gradle-user-home:dir I|init-script:codefile.gradle D|system-prop:config P|project-prop:config x|exclude-task:none offline refresh-dependencies q|quiet i|info d|debug s|stacktrace S|full-stacktrace daemon no-daemon parallel continuous|t dry-run|m scan build-cache configuration-cache ?v|version ?h|help', 'none*', { ...NETCODE, hook: (c) => { c.effect = true; } }),
  prog(F, 'ant', 'f|file|buildfile:codefile.ant D:config lib:config logfile|l:write q|quiet v|verbose ?version ?h|help', 'none*', { singleDash: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'dotnet', 'd|diagnostics ?version ?info ?h|help list-sdks list-runtimes', 'none*', { posix: true, subOpen: true, network: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'brew', 'd|debug q|quiet v|verbose ?version ?h|help', 'none*', { posix: true, subOpen: true, subs: { install: INSTALL('cask f|force s|build-from-source HEAD'), reinstall: INSTALL('cask'), upgrade: INSTALL('cask greedy'), update: cmd('', '', { network: true }), uninstall: R('cask f|force zap'), remove: R('cask f|force'), list: cmd('cask versions 1 l', 'none*', RO), info: cmd('json:: installed', 'none*', RO), search: cmd('cask', 'none*', { ...RO, network: true }), tap: cmd('', 'none net?', { network: true }), untap: R(''), cleanup: cmd('n|dry-run s prune:none', 'none*'), doctor: cmd('', '', RO), config: cmd('', '', RO), services: cmd('', 'none*', { subOpen: true }), bundle: cmd('file:codefile.ruby global', 'none*', NETCODE), outdated: cmd('', 'none*', RO), deps: cmd('tree installed', 'none*', RO), leaves: cmd('', '', RO), '--prefix': cmd('', 'none*', RO) } }),
  prog(F, 'apt|apt-get|aptitude', 'y|yes|assume-yes q|quiet s|simulate|dry-run|just-print no-install-recommends install-recommends f|fix-broken reinstall purge autoremove d|download-only o|option:config c|config-file:config t|target-release:none allow-downgrades allow-unauthenticated ?v|version ?h|help', 'none*', { posix: true, subOpen: true, hook: aptOptions, subs: { install: INSTALL('y|yes'), reinstall: INSTALL('y|yes'), upgrade: INSTALL('y|yes'), 'full-upgrade': INSTALL('y|yes'), 'dist-upgrade': INSTALL('y|yes'), update: cmd('', '', { network: true }), remove: R('y|yes purge'), purge: R('y|yes'), autoremove: R('y|yes purge'), search: cmd('names-only full', 'none*', RO), show: cmd('a|all-versions', 'none*', RO), list: cmd('installed upgradable a|all-versions', 'none*', RO), policy: cmd('', 'none*', RO), download: cmd('', 'none*', { network: true }), source: cmd('', 'none*', { network: true }), clean: R(''), autoclean: R(''), 'build-dep': INSTALL(''), depends: cmd('', 'none*', RO), rdepends: cmd('', 'none*', RO), changelog: cmd('', 'none*', { ...RO, network: true }) } }),
  prog(F, 'apt-cache', 'n|names-only f|full i|important a|all-versions installed recurse q|quiet c|config-file:config o|option:config ?v|version ?h|help', 'none*', { ...RO, posix: true, subOpen: true }),
  prog(F, 'dpkg', 'i|install:read r|remove:none P|purge:none unpack:read configure:none l|list:: L|listfiles:none s|status:none S|search:none c|contents:read I|info:read x|extract:2write X|vextract:2write force-all force-depends force-overwrite root:dir admindir:dir instdir:dir print-architecture get-selections set-selections R|recursive ?version ?help', 'read*', { hook: (c) => { const o = c.facts.options; if (!(o.has('list') || o.has('listfiles') || o.has('status') || o.has('search') || o.has('contents') || o.has('info') || o.has('print-architecture') || o.has('get-selections') || o.has('version') || o.has('help'))) c.effect = true; }, pure: true }),
  prog(F, 'dnf|yum|microdnf|zypper|pacman|apk|snap|flatpak|port|emerge|nix-env', 'y|assumeyes q|quiet v|verbose ?version ?h|help', 'none*', { posix: true, network: true, subOpen: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'conda|mamba|micromamba', 'y|yes q|quiet n|name:none p|prefix:dir c|channel:net ?V|version ?h|help', 'none*', { posix: true, network: true, subOpen: true, hook: (c) => { c.effect = true; condaRun(c); } }),
  prog(F, 'just|task|invoke|inv|fab|grunt|gulp|jake|turbo|nx|lerna|rush|bazel|bazelisk|buck|buck2|pants|scons|waf|earthly|dagger', 'f|justfile|taskfile|file:codefile.make d|working-directory|dir:cwd n|dry-run l|list ?V|version ?h|help', 'none*', { posix: true, hook: (c) => { c.effect = true; if (c.facts.name === 'task') TASK_EXECUTE(c); } }),
  prog(F, 'jest|mocha|ava|tap|karma|playwright|cypress|eslint|prettier|webpack|vite|rollup|esbuild|parcel|next|nuxt|astro|tsx|ts-node|swc|babel|biome|stylelint|rubocop|black|ruff|flake8|pylint|mypy|pyright|isort|autopep8|yapf|bandit|coverage|gofmt|golangci-lint|rustfmt|clang-format|shellcheck|shfmt|hadolint|terraform-docs', '?version ?help', 'read*', { loose: true, hook: (c) => { c.effect = true; } }),
  // tsc accepts option names in any case: the spellings people use are listed.
  prog(F, 'tsc', '?v|version ?h|help ?all p|project:config b|build:: outDir|outdir:write outFile|outfile|out:write declarationDir|declarationdir:write generateTrace|generatetrace:write tsBuildInfoFile|tsbuildinfofile:write rootDir|rootdir:none baseUrl|baseurl:none plugins:config w|watch noEmit|noemit module|m:none target|t:none lib:none jsx:none moduleResolution:none', 'read*', { loose: true, hook: (c) => { c.effect = true; } }),
  prog(F, 'vitest', '?v|version ?h|help c|config:config r|root:cwd dir:read outputFile|output-file:write coverage.reportsDirectory:write coverage.reporter:none reporter:none globalSetup:codefile.node setupFiles:codefile.node environment:none w|watch run t|testNamePattern:none coverage update|u', 'none*', { loose: true, hook: (c) => { c.effect = true; } }),
]);

// Installers of system packages run the distribution's code, not the project's.
/** conda|mamba|micromamba run [-n ENV | -p PREFIX] [--cwd DIR] [--no-capture-output …] CMD…: CMD runs in the environment. */
function condaRun(c: HookContext): void {
  const a = c.args;
  const at = c.operandIndex[0] ?? -1;
  if (at < 0 || sv(a[at]) !== 'run') return;
  let k = at + 1;
  for (; k < a.length; k++) {
    const v = sv(a[k]);
    if (v === undefined || !v.startsWith('-')) break;
    if (v === '--') {
      k++;
      break;
    }
    if (['-n', '--name', '-p', '--prefix', '--cwd'].includes(v)) k++;
  }
  const argv = a.slice(k);
  if (argv.length) c.facts.args.push({ role: 'exec-argv', word: argv[0]!, argvIndex: k, argv });
}

const SYSTEM_PM = new Set(['apt', 'apt-cache', 'dpkg', 'dnf', 'conda', 'brew', 'pipx', 'gem']);
function projectCode(specs: ProgramSpec[]): ProgramSpec[] {
  for (const p of specs) if (!SYSTEM_PM.has(p.names[0]!)) p.projectCode = true;
  return specs;
}

void HV;
