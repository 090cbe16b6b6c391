// Toolchain and environment managers whose exec / run / x subcommand runs an argv inside the
// managed environment (mise exec -- CMD, pipenv run CMD, pyenv exec CMD, rustup run TOOLCHAIN CMD),
// and watchers that run a command on every change (watchexec, entr). Listed before misc.ts, so
// these specs win over its plain installer entries for the same names.
import { cmd, prog } from '../dsl.ts';
import type { CommandSpec, ProgramSpec } from '../types.ts';

const F = 'runners';
const effect = { hook: (c: { effect: boolean }) => { c.effect = true; } };

/** A manager with its own subcommands; `runs` maps each running subcommand to its operand layout. */
function manager(names: string, runs: Record<string, string>): ProgramSpec {
  const subs: Record<string, CommandSpec> = {};
  for (const [sub, layout] of Object.entries(runs)) subs[sub] = cmd('', layout, { posix: true, loose: true });
  return prog(F, names, 'v|verbose q|quiet ?version ?h|help', 'none*', { network: true, loose: true, projectCode: true, subOpen: true, subs, ...effect });
}

export const RUNNERS = (): ProgramSpec[] => [
  manager('mise|rtx', { exec: 'argv', x: 'argv' }),
  manager('asdf', { exec: 'argv' }),
  manager('pyenv|rbenv|goenv|jenv|nodenv|plenv|phpenv', { exec: 'argv' }),
  manager('pipenv|pdm|rye|hatch', { run: 'argv' }),
  manager('pixi', { run: 'lines', exec: 'argv' }),
  manager('volta', { run: 'argv' }),
  manager('fnm', { exec: 'argv' }),
  manager('nvm', { exec: 'none argv', run: 'none codefile.node none*' }),
  manager('stack|cabal', { exec: 'argv' }),
  manager('opam', { exec: 'argv' }),
  manager('rustup', { run: 'none argv' }),
  // envchain NAMESPACE CMD: the namespace's secrets in the environment of CMD
  prog(F, 'envchain', 's|set n|noecho p|require-passphrase P|no-require-passphrase l|list u|unset ?h|help ?v|version', 'none argv', { posix: true, ...effect }),
  // entr runs its argv (with -s: one shell command line) on every change of the files on stdin
  prog(F, 'entr', 'a c d n p r s z x:none', 'argv', { posix: true, stdin: 'data', alt: [['s', 'line']] }),
  // watchexec joins the words of its command and runs them through a shell (--shell=none or -n: an argv)
  prog(F, 'watchexec', 'w|watch:read e|exts:none f|filter:none i|ignore:none c|clear r|restart s|signal:none stop-signal:none stop-timeout:none d|debounce:none p|postpone W|watch-when-idle no-vcs-ignore no-project-ignore no-global-ignore no-default-ignore no-ignore N|notify o|on-busy-update:none E|env:env workdir:cwd poll:: project-origin:none q|quiet shell:none n', 'lines', { posix: true, alt: [['n', 'argv']] }),
];
