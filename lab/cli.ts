// The `lab` CLI around its verbs: flags, help, exit codes and errors. lab/main.ts gives it every
// verb; the prebuilt bundle of `lab regress` (lab/regress-entry.ts) only that one.
import { c, EXIT, parseArgs, UsageError } from './ui.ts';
import { PolicyError } from '../engine/index.ts';

const VALUED = ['client', 'policy', 'mode', 'tool', 'input', 'cwd', 'home', 'o', 'level', 'junit', 'family', 'detector', 'preset', 'baseline', 'from', 'id', 'command', 'effect', 'expect', 'allowedBy', 'source', 'profile', 'detectors', 'notDetectors', 'tags', 'case'];

/** The flags each verb accepts (valued or boolean); any other flag is a usage error (exit 2). */
const FLAGS: Record<string, readonly string[]> = {
  run: ['json'],
  watch: [],
  list: ['json'],
  hint: ['level', 'json'],
  reset: ['json'],
  code: ['json'],
  solution: ['json'],
  progress: ['json'],
  decide: ['jsonl', 'policy', 'preset', 'fs'],
  explain: ['mode', 'json', 'policy', 'tool', 'input', 'cwd', 'home', 'preset', 'fs', 'client'],
  regress: ['json', 'junit', 'family', 'detector', 'mode', 'update-baseline', 'baseline'],
  corpus: ['json', 'family', 'case', 'from', 'id', 'tool', 'command', 'effect', 'expect', 'allowedBy', 'policy', 'source', 'profile', 'detectors', 'notDetectors', 'tags', 'immune'],
  policy: ['o'],
  screen: ['json'],
  hook: ['user', 'project', 'json'],
};

function checkFlags(verb: string, flags: Record<string, string | true>): void {
  const known = FLAGS[verb];
  if (!known) return;
  for (const f of Object.keys(flags)) {
    if (!known.includes(f)) {
      const spell = f.length === 1 ? `-${f}` : `--${f}`;
      throw new UsageError(`unknown flag ${spell}${known.length ? ` (flags: ${known.map((k) => (k.length === 1 ? '-' : '--') + k).join(' ')})` : ' (it takes none)'}`);
    }
  }
}

/**
 * A reader that goes away (`lab run all | head -1`) closes stdout: the write fails with EPIPE.
 * That is not an error of the verb: stop quietly, exit 0. Any other stream error exits 3.
 */
export function quietOnEpipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(EXIT.ok);
      process.exit(EXIT.internal);
    });
  }
}

const HELP = `lab — gatelab, the permission-engine lab

usage: lab <verb> [options]

  run <cN|all> [--json]            check a challenge; prints a pass code on success
  watch [cN]                       re-run the check on every save; move on after a pass
  list [--json]                    challenges with status, title and difficulty
  hint <cN> [--level 1|2|3]        a question, the concept, then the place in the file
  reset <cN> | code <cN> | solution <cN>
  progress export|import [FILE]
  decide --jsonl [--policy FILE]   one JSON call per line on stdin → one decision per line
  explain [--mode M] [--json] [--policy FILE] [--tool T] [--client claude-code] -- '<command>'
  regress [--json] [--junit FILE] [--family F] [--detector ID] [--mode M] [--update-baseline]
  corpus lint | corpus add ...     check or extend the bypass corpus
  policy import FILE [-o OUT]      Claude Code settings.json permissions → gatelab policy
  policy check FILE                load a policy and check its rule examples
  screen replay FILE.jsonl         replay recorded tool-result screens
  hook                             Claude Code PreToolUse / PostToolUse hook (JSON on stdin)
  hook install [--user|--project]  add the hook to Claude Code settings (merged, backed up)
  hook doctor [--json]             where the hook is installed, settings, policy, sample answers

exit codes: 0 ok · 1 checks failed or mismatches · 2 usage or input error · 3 internal error
`;

export type Verb = (flags: Record<string, string | true>, rest: string[]) => number | Promise<number>;

/** The verbs a CLI knows: each loads its module on demand (a module that is not there: null). */
export type Verbs = Record<string, () => Promise<Verb | null>>;

export async function runCli(argv: string[], verbs: Verbs): Promise<number> {
  const [verb, ...args] = argv;
  if (!verb || verb === 'help' || verb === '--help' || verb === '-h') {
    process.stdout.write(HELP);
    return verb ? EXIT.ok : EXIT.usage;
  }
  try {
    const { flags, rest } = parseArgs(args, VALUED);
    if (flags.help === true || flags.h === true) {
      process.stdout.write(HELP);
      return EXIT.ok;
    }
    checkFlags(verb, flags);
    const load = verbs[verb];
    const fn = load ? await load() : undefined;
    if (fn === null) {
      if (verb === 'run' || verb === 'list') {
        process.stdout.write('no challenges yet\n');
        return EXIT.ok;
      }
      process.stderr.write(`lab ${verb}: not built yet\n`);
      return EXIT.usage;
    }
    if (!fn) {
      process.stderr.write(`lab: unknown verb "${verb}"\n\n${HELP}`);
      return EXIT.usage;
    }
    return await fn(flags, rest);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`lab ${verb}: ${e.message}\n`);
      return EXIT.usage;
    }
    if (e instanceof PolicyError) {
      process.stderr.write(`lab ${verb}: policy error: ${e.message}\n`);
      return EXIT.usage;
    }
    // A file the verb cannot read or write (missing folder, not a folder, no permission, disk
    // full): the user's input or machine, not a bug. The message, exit 2, no stack.
    const io = e as NodeJS.ErrnoException;
    if (typeof io?.code === 'string' && typeof io.syscall === 'string' && /^E[A-Z]+$/.test(io.code)) {
      process.stderr.write(`lab ${verb}: cannot ${io.syscall}${io.path ? ' ' + io.path : ''}: ${io.code} (${io.message.split(',')[0]})\n`);
      return EXIT.usage;
    }
    process.stderr.write(`lab ${verb}: ${c.red('internal error')}: ${(e as Error).stack ?? e}\n`);
    return EXIT.internal;
  }
}
