// Pagers and manuals, terminal multiplexers, moreutils, gpg, mail, other VCS and language installers.
import { HV, prog, viewer } from '../dsl.ts';
import type { ProgramSpec } from '../types.ts';

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
