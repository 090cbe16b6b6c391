// Program facts: what each option value and operand of a known program means (its role).
// The tables live in engine/programs/specs/*.ts as data; describe() reads them.
import type { Word } from '../shell/types.ts';

export type ArgRole =
  | 'read'
  | 'write'
  | 'append'
  | 'delete'
  | 'mode'
  | 'owner'
  | 'exec-argv' // the words from here on are a command to run (timeout, sudo, nice, xargs, env …)
  | 'exec-line' // one shell command line (sh -c, ssh host CMD, rsync -e, git -c core.pager=…, watch)
  | 'code' // program text in `language` (python -c, node -e, awk prog, sed script, perl -e)
  | 'code-file' // a file whose contents run as code (python x.py, source f, make -f, bash x.sh)
  | 'network' // a host or URL it connects to
  | 'config' // changes what code loads (git -c k=v, --config F, pytest -p plugin, npm --userconfig)
  | 'dir-target' // destination directory (cp/mv/install/ln -t, cp a b DIR/)
  | 'cwd' // changes the dir the rest runs in (env -C, make -C, git -C, tar -C)
  | 'env' // NAME=value the program puts in the child's environment (env, sudo VAR=x)
  | 'none';

export interface ArgFact {
  role: ArgRole;
  word: Word;
  /** The value when it is only part of the word (--output=F, -oF): static text, or undefined if dynamic. */
  text?: string;
  /** When only part of the word is the value: that part of `word.approx` (set for dynamic values too). */
  approx?: string;
  /** Canonical option name that carried it ('output'); absent for operands. */
  option?: string;
  /** code / code-file: 'sh' | 'python' | 'node' | 'perl' | 'ruby' | 'awk' | 'sed' | 'sql' | …;
   *  read: 'list' (a file of names it reads too: tar -T), 'stdin-list' (names on stdin it reads:
   *  cpio -o), 'names' (names it only lists or stats, printing each back: file -f, du --files0-from). */
  language?: string;
  /** delete / mode / owner / read / copy with -r. */
  recursive?: boolean;
  /** For write. */
  create?: 'truncate' | 'append' | 'create';
  /** For network: does data leave (upload/POST) or arrive. */
  direction?: 'in' | 'out' | 'both';
  /** code: a scanner proved this program text only computes and prints (awk, sed, jq). */
  harmless?: boolean;
  /**
   * A dynamic word where an option could be, kept as an operand because no option of this program
   * that is not already given could add an effect (`cat "$f"`, `rm -rf "$d"`). A caller that knows the
   * word's values can check them.
   */
  mayBeOption?: boolean;
  /** write: the path may be an existing directory, then the program writes inside it (cp a b). */
  mayBeDir?: boolean;
  /**
   * write: a disk tool's target (dd of=, mkfs, wipefs -a, shred): a dynamic value that could name
   * a block device (`$DISK`, `$(…)`, `/dev/sd*`) is a device write.
   */
  device?: boolean;
  /** dir-target: an archive's members land below it under names the archive chooses. */
  members?: boolean;
  /** env: the variable's name (`text` holds the value). */
  name?: string;
  /**
   * exec-argv: words the program adds at run time. 'append': items read from stdin go after the
   * argv (xargs); 'replace': each `placeholder` in the argv becomes an item (xargs -I{}, find -exec {}).
   */
  input?: 'append' | 'replace';
  placeholder?: string;
  /** exec-argv: index in `args` where the nested argv starts (the word itself is args[argvIndex]). */
  argvIndex?: number;
  /**
   * exec-argv: the nested argv when it ends before the args do (find -exec up to `;`).
   * exec-line from several words (watch a b, ssh host a b): the words bash joins with spaces;
   * `text` is then the joined line when every word is static.
   */
  argv?: Word[];
  /**
   * exec-argv: the command runs once per match of a file search (fd -x), `{}` standing for a
   * match below `roots`; `filtered` when a test can reject files, `names` the exact base names
   * every match has when known.
   */
  matches?: MatchSet;
  /** delete: only some paths below the word, never the word itself (find ROOT -name X -delete). */
  within?: boolean;
}

/** The files a search program hands to the command it runs (find -exec, fd -x). */
export interface MatchSet {
  roots: Word[];
  filtered: boolean;
  names: string[] | null;
  maxdepth: number | undefined;
}

export interface ProgramFacts {
  name: string;
  known: boolean;
  /** ['push'] for git push, ['run'] for npm run, ['compose','up'] … */
  subcommand: string[];
  args: ArgFact[];
  /** Canonical options present (value, or true for a flag). */
  options: ReadonlyMap<string, string | true>;
  /** With these options, no effects beyond the 'read' args (a read-only candidate); a `cwd` arg only moves where later paths resolve. */
  effectsFree: boolean;
  /** A version/help flag: prints and exits. */
  info: boolean;
  /** What it does with stdin. */
  stdin?: 'code' | 'data' | 'none';
  /** Besides its own program, it runs lines of its stdin as commands in this language (sed `e`,
   *  awk `system($0)`). */
  inputCode?: string;
  stdinLanguage?: string;
  writesStdout?: boolean;
  /** Reaches the network even without a 'network' arg (npm install, pip install, git fetch). */
  network?: boolean;
  /** A named destructive effect ('git-history-rewrite', 'disk-format', 'namespace-delete' …). */
  destructive?: string;
  /** Unknown option, dynamic option word, ambiguous prefix … (callers fail closed). */
  issues: string[];
  /**
   * Runs code the project or repository defines (Makefile, package.json scripts, git hooks and
   * repository config, conftest.py, build.rs …). Not counted against effectsFree: whether the
   * project is trusted is the caller's decision.
   */
  projectCode?: boolean;
  /** Given no path operand, it reads the current folder (ls, find, du, rg …). */
  walksCwd?: boolean;
  /** May page its output through $PAGER / $SYSTEMD_PAGER / less when stdout is a terminal (a shell escape there). */
  pager?: boolean;
  /** Fetches packages and runs code from them (npm install, pip install, npx, cargo build): remote code. */
  installs?: boolean;
  /** A hook said it has an effect no role expresses: what it does with its files is unknown. */
  unmodelled?: boolean;
  /** Puts its sources' contents, or a link to them, at its destination (cp, ln, install, mv). */
  copies?: boolean;
  /** The commands it runs get a network connection as their stdin and stdout (nc -e, socat EXEC:). */
  execStdio?: 'network';
  /** It prints the environment, or a variable named like a secret (env, printenv TOKEN, export -p). */
  printsEnv?: boolean;
}

/** 0 = flag, 1 = required value, 2 = optional value (attached only), 3 = two values, 4 = the next word if there is one (git --merged [commit]). */
export type ValueKind = 0 | 1 | 2 | 3 | 4;

export interface OptionDef {
  canon: string;
  arg: ValueKind;
  role: ArgRole;
  language?: string;
  direction?: 'in' | 'out' | 'both';
  create?: 'truncate' | 'append' | 'create';
  /** `?`: a help/version flag. */
  info?: boolean;
  /** `!`: has an effect the roles do not express: never effects-free. */
  effect?: boolean;
  /** `%`: reaches the network. */
  network?: boolean;
  /** `^`: makes the operation recursive. */
  recursive?: boolean;
  /** `@name`: a named destructive effect. */
  destructive?: string;
  /** `>`: ends the options; every later word is an operand (python -c, python -m). */
  stop?: boolean;
}

export interface Grammar {
  short: Map<string, OptionDef>;
  long: Map<string, OptionDef>;
  longNames: string[];
  /** Stop at the first operand (POSIX / `+` getopt). */
  posix: boolean;
  /** Long options must be spelled in full. */
  exact: boolean;
  /** Long options take one dash (find, java, go): `-name`. `--name` is accepted too. */
  singleDash: boolean;
  /** `-5` style numeric option → this canonical name. */
  numeric?: string;
  /** Every long flag also has a `--no-` form (git). */
  negatable?: boolean;
  /** Every option the DSL names (for tests). */
  all: OptionDef[];
}

export interface OperandToken {
  role: ArgRole;
  language?: string;
  direction?: 'in' | 'out' | 'both';
  create?: 'truncate' | 'append' | 'create';
  /** '' one, '?' optional, '*' any, '+' one or more. */
  count: '' | '?' | '*' | '+';
  /** `dest`: the last operand of cp/mv/ln/install (write, or dir-target with several sources). */
  dest?: boolean;
  /** exec-line from several words: the rest of the operands joined with spaces (watch a b, ssh host a b). */
  join?: boolean;
}

/** A context handed to a spec's custom hook. */
export interface HookContext {
  facts: ProgramFacts;
  args: readonly Word[];
  /** Operand words (after options), in order. */
  operands: Word[];
  /** Index in args of each operand. */
  operandIndex: number[];
  /** Index in args of the first operand, else args.length. */
  stop: number;
  /** Set by a hook: the invocation has an effect no arg role expresses (never effects-free). */
  effect: boolean;
}

export interface CommandSpec {
  grammar: Grammar;
  operands: OperandToken[];
  /** Operand layouts chosen by options: first whose condition holds wins. */
  alt: { when: string[][]; operands: OperandToken[] }[];
  /** Effects-free by default (a viewer), unless an option or arg says otherwise. */
  pure: boolean;
  stdin?: 'code' | 'data' | 'none';
  stdinLanguage?: string;
  /** Given no command, it starts a shell that reads its commands from stdin (su, sudo -s, script):
   *  always (an empty list) or when one of these option sets is given (alt's `when`, `!x`: x absent). */
  startsShell?: string[][];
  /** The option naming that shell (su -s SHELL): still a shell reading stdin, not a command. */
  shellOption?: string;
  writesStdout?: boolean;
  network?: boolean;
  destructive?: string;
  /** Custom logic for grammars a table cannot say (find expressions, dd operands, awk …). */
  hook?: (ctx: HookContext) => void;
  /** Subcommands (git push, npm run, docker compose up …). */
  subs?: Map<string, CommandSpec>;
  /** The subcommand word is required; an unknown one is an issue. */
  subRequired?: boolean;
  /** Unknown subcommands are allowed to pass through as operands (npm run-script names …). */
  subOpen?: boolean;
  /** Old-style tar/ar/ps bundle: a first word without `-` is a bundle of short options. */
  bundleFirst?: boolean;
  /** Unknown `-x` words are operands, not issues (echo). */
  loose?: boolean;
  /** `--` is an ordinary operand (echo --, test, expr). */
  keepDashDash?: boolean;
  /** Subcommand aliases → canonical subcommand name. */
  aliases?: Map<string, string>;
  /** A unique prefix names a subcommand (npm publis → publish). */
  subPrefix?: boolean;
  /** Puts its sources' contents (or a link to them) at its destination (see ProgramFacts.copies). */
  copies?: boolean;
  /** Runs code the project defines (see ProgramFacts.projectCode). Inherited by subcommands. */
  projectCode?: boolean;
  /** Given no path operand, it reads (walks) the current folder: ls, find, du, rg … */
  walksCwd?: boolean;
  /** See ProgramFacts.installs. */
  installs?: boolean;
  /** See ProgramFacts.pager. */
  pager?: boolean;
  /** With posix: stop parsing options at this operand (ssh parses options after the host: 2). */
  stopAfter?: number;
  /** `+x` words are options too (sh, bash: `+o posix`, `+e`). */
  plusOptions?: boolean;
}

export interface ProgramSpec extends CommandSpec {
  names: string[];
  family: string;
}
