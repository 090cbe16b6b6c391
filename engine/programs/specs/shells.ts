// Shells (sh -c LINE, a script file, or code on stdin) and the shell builtins that carry code.
import { prog, viewer } from '../dsl.ts';
import type { ProgramSpec } from '../types.ts';
import { trapHook, declareHook } from '../hooks.ts';

const F = 'shells';
// Single-letter shell options (set -e …); -o/+o take a name; -c makes the first operand the code.
const SH = 'a b C e f h i k l m n p r t u v x B E H P T s c D o:none O:none';
const BASH_LONG = 'rcfile|init-file:codefile.sh norc noprofile login posix noediting restricted verbose dump-strings dump-po-strings debugger pretty-print ?help ?version';
const layout = { posix: true, plusOptions: true, stdin: 'code' as const, alt: [['c', 'code.sh none*'], ['s', 'none*']] as [string, string][] };

export const SHELLS = (): ProgramSpec[] => [
  prog(F, 'bash|rbash', `${SH} ${BASH_LONG}`, 'codefile.sh none*', { ...layout, stdinLanguage: 'sh' }),
  prog(F, 'sh|dash|ash|ksh|mksh|pdksh|yash|posh|busybox-sh|lksh|oksh', `${SH} ?version`, 'codefile.sh none*', { ...layout, stdinLanguage: 'sh' }),
  prog(F, 'zsh', `${SH} d f g G I j J K L M N R w W X y Y Z 0 1 2 3 4 5 6 7 8 9 emulate:none ?help ?version`, 'codefile.sh none*', { ...layout, stdinLanguage: 'sh' }),
  prog(F, 'fish', 'c|command:code.fish C|init-command:code.fish i|interactive l|login n|no-execute N|no-config p|profile:write P|private d|debug:none o|debug-output:write f|features:none ?h|help ?v|version', 'codefile.fish none*', { posix: true, stdin: 'code', stdinLanguage: 'fish', alt: [['command', 'none*']] }),
  prog(F, 'csh|tcsh', 'b c e f i l m n q s t v V x X d F', 'codefile.csh none*', { posix: true, stdin: 'code', stdinLanguage: 'csh', alt: [['c', 'code.csh none*'], ['s|t', 'none*']] }),
  prog(F, 'nu|elvish|xonsh', 'c|commands:code.nu config:config env-config:config n|no-config-file ?h|help ?v|version', 'codefile.nu none*', { posix: true, stdin: 'code', stdinLanguage: 'nu', alt: [['commands', 'none*']] }),
  // builtins that run code
  prog(F, 'source|.', '', 'codefile.sh none*', { posix: true, loose: true }),
  prog(F, 'eval', '', 'lines.sh', { posix: true, loose: true }),
  prog(F, 'trap', 'l p P', 'code.sh? none*', { posix: true, loose: true, pure: true, alt: [['l|p|P', 'none*']], hook: trapHook }),
  prog(F, 'fc', 'e:line l n r s', 'none*', { loose: true }),
  prog(F, 'enable', 'a d n p s f:codefile.so', 'none*', {}),
  prog(F, 'hash', 'r d l t p:read', 'none*', { pure: true, alt: [['p', 'none*']] }),
  prog(F, 'history', 'c d:none a:: n:: r:: w:: p s', 'none*', { hook: (c) => { for (const [o, r] of [['w', 'write'], ['a', 'append'], ['r', 'read'], ['n', 'read']] as const) { const v = c.facts.options.get(o); if (v !== undefined && c.operands[0]) c.facts.args.push({ role: r, word: c.operands[0] }); if (v !== undefined) c.effect = true; } } }),
  prog(F, 'cd|pushd|chdir', 'L P e @', 'cwd?', { pure: true, loose: true }),
  prog(F, 'popd', '', 'none*', { pure: true, loose: true }),
  prog(F, 'read', 'a:none d:none e i:none n:none N:none p:none r s t:none u:none', 'none*', { pure: true, stdin: 'data' }),
  prog(F, 'mapfile|readarray', 'd:none n:none O:none s:none t u:none C:code.sh c:none', 'none*', { pure: true, stdin: 'data' }),
  // builtins that only set this shell's variables and options: no effects of their own (code in
  // the values, arithmetic and allexport are judged where they are: envcode, arith, env-override)
  prog(F, 'declare|typeset|local|readonly|export|set|unset', '', 'none*', { loose: true, plusOptions: false, pure: true, hook: declareHook }),
  // state-changing builtins: no file effects of their own (assignments are the shell's business)
  prog(F, 'alias|unalias|shopt|bind|complete|compopt|setopt|unsetopt|autoload|zmodload|emulate', '', 'none*', { loose: true, plusOptions: false }),
  viewer(F, 'type|jobs|dirs|help|times|umask|caller|compgen|getopts|let|shift|return|exit|break|continue|logout|disown|suspend|ulimit|wait|whence|where', '', 'none*', { loose: true }),
  prog(F, 'fg|bg', '', 'none*', { loose: true }),
];
