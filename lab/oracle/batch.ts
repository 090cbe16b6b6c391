// Many commands through few sandboxes: one bubblewrap start runs a small driver (the hidden
// bash) that reads commands from its stdin, runs each as `bash -c CMD` like a single run would,
// waits for whatever the command left running in the pid namespace, and writes the exit code to its
// stdout. Between two commands the host reads and empties the exec log and, when the command
// changed anything, restores HOME and /tmp from the template, so every command starts in the same
// world as a single run. Starting the sandbox is most of a single run's cost.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  bwrapArgs, bwrapBinary, chownTree, notFoundNames, prepareOracle, processCap, readLog, runUnderOracleAsync, HOME,
} from './harness.ts';
import type { OracleOptions, OracleResult, RunDirs } from './harness.ts';
import { CTL_DIR, CWD, HIDDEN_BASH, diffSnapshots, snapshot } from './fixture.ts';

/** The driver. SHLVL and OLDPWD are reset so the command sees the environment of a single run.
 *  Then it waits a little for the processes the command left (`nohup rm -rf ~ &`): it polls
 *  /proc, sleeping with a timed read on its own stdin (running a program would be traced), where
 *  nothing arrives until it reports. If some are still there after about 0.1 s (a fork bomb, a
 *  job that never ends) it reports `left`: the host then drops the sandbox and runs that command
 *  alone, the way a single run would. */
const DRIVER = [
  'builtin export SHLVL=0',
  "while IFS= builtin read -r -d '' cmd; do",
  `  builtin cd -P ${CWD} 2>/dev/null; builtin unset OLDPWD`,
  `  ${HIDDEN_BASH} -c "$cmd" </dev/null >/dev/null 2>${CTL_DIR}/err`,
  '  rc=$? polls=0',
  '  while :; do',
  '    left=0',
  '    for p in /proc/[0-9]*; do',
  '      p=${p#/proc/}',
  '      (( p == 1 || p == $$ )) || { left=1; break; }',
  '    done',
  '    (( left && ++polls <= 50 )) || break',
  "    IFS= builtin read -r -t 0.002 -d '' junk",
  '  done',
  "  (( left )) && rc=left",
  "  builtin printf '%s\\n' \"$rc\"",
  'done',
].join('\n');

/** Commands per sandbox start. */
const CHUNK = 32;

function emptyDir(dir: string): void {
  for (const e of fs.readdirSync(dir)) fs.rmSync(path.join(dir, e), { recursive: true, force: true });
}

/** One sandbox running the driver; `run` sends one command and collects its result. */
class Session {
  private child: ChildProcess;
  private out = '';
  private waiting: ((rc: number | null) => void) | null = null;
  closed = false;

  constructor(
    private dirs: Required<RunDirs>,
    private opts: OracleOptions,
    private slot: number,
  ) {
    const p = prepareOracle();
    const args = bwrapArgs(p, dirs, DRIVER, opts.followShells ?? true);
    const cap = processCap(slot);
    const [file, all] = cap ? [cap.prefix[0]!, [...cap.prefix.slice(1), bwrapBinary(), ...args]] : [bwrapBinary(), args];
    this.child = spawn(file, all, { stdio: ['pipe', 'pipe', 'ignore'] });
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (d: string) => {
      this.out += d;
      const nl = this.out.indexOf('\n');
      if (nl >= 0 && this.waiting) {
        const line = this.out.slice(0, nl);
        this.out = this.out.slice(nl + 1);
        const w = this.waiting;
        this.waiting = null;
        w(/^\d+$/.test(line) ? Number(line) : null); // `left`: processes were left behind
      }
    });
    this.child.stdin!.on('error', () => {}); // a dead driver shows up as close
    this.child.on('close', () => {
      this.closed = true;
      const w = this.waiting;
      this.waiting = null;
      w?.(null);
    });
  }

  /** Run one command; `undefined` when the driver died under it or the command left processes
   *  behind (the caller drops this sandbox and runs the command alone). */
  async run(command: string): Promise<OracleResult | undefined> {
    if (this.closed) return undefined;
    let timedOut = false;
    const rc = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        timedOut = true;
        this.child.kill('SIGKILL');
      }, this.opts.timeoutMs ?? 2000);
      this.waiting = (v) => {
        clearTimeout(timer);
        resolve(v);
      };
      this.child.stdin!.write(`${command}\0`);
    });
    if (rc === null && !timedOut) return undefined;
    return this.collect(rc, timedOut);
  }

  private collect(rc: number | null, timedOut: boolean): OracleResult {
    const p = prepareOracle();
    const { home, tmp, log, ctl } = this.dirs;
    const errFile = path.join(ctl, 'err');
    let stderr = '';
    try {
      stderr = fs.readFileSync(errFile, 'utf8').slice(0, 1024 * 1024);
    } catch {
      /* nothing written */
    }
    const changed = [...diffSnapshots(p.baseline, snapshot(home), HOME), ...[...snapshot(tmp).keys()].map((k) => `/tmp/${k}`)];
    if (stderr.includes('Read-only file system')) changed.push('<ro-write>');
    const execs = readLog(log);
    emptyDir(log);
    fs.rmSync(errFile, { force: true });
    if (changed.length > 0) {
      // Back to the template: the folders stay (they are bind-mounted), their contents do not.
      emptyDir(home);
      emptyDir(tmp);
      fs.cpSync(p.homeTemplate, home, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
      const cap = processCap(this.slot);
      if (cap) chownTree(home, cap.uid);
    }
    return { execs, changed, exitCode: timedOut ? null : rc, timedOut, stderr, notFound: notFoundNames(stderr) };
  }

  async close(kill = false): Promise<void> {
    if (!this.closed) {
      const done = new Promise<void>((resolve) => this.child.once('close', () => resolve()));
      // A killed sandbox's processes die a moment later; as root they count against one process
      // cap shared with the next sandbox, so wait for them.
      const pids = kill && this.child.pid !== undefined ? descendants(this.child.pid) : new Set<number>();
      if (kill) this.child.kill('SIGKILL');
      else this.child.stdin!.end();
      await done;
      await gone(pids);
    }
  }
}

/** The host pids below `root` (the sandbox's processes), from /proc/<pid>/stat. */
function descendants(root: number): Set<number> {
  const parent = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const out = new Set<number>([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, pp] of parent) if (out.has(pp) && !out.has(pid)) (out.add(pid), (grew = true));
  }
  return out;
}

/** Wait (at most 1 s) until these pids have exited. */
async function gone(pids: Set<number>): Promise<void> {
  const until = Date.now() + 1000;
  while (Date.now() < until && [...pids].some((p) => fs.existsSync(`/proc/${p}`))) await new Promise((r) => setTimeout(r, 5));
}

/** Fresh host folders for one session. */
function sessionDirs(slot: number): Required<RunDirs> & { runDir: string } {
  const p = prepareOracle();
  const runDir = path.join(p.root, 'runs', `s${p.runs++}`);
  const d = { runDir, home: path.join(runDir, 'home'), tmp: path.join(runDir, 'tmp'), log: path.join(runDir, 'log'), ctl: path.join(runDir, 'ctl') };
  for (const x of [d.tmp, d.log, d.ctl]) fs.mkdirSync(x, { recursive: true });
  fs.cpSync(p.homeTemplate, d.home, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
  const cap = processCap(slot);
  if (cap) for (const x of [runDir, d.home, d.tmp, d.log, d.ctl]) chownTree(x, cap.uid);
  return d;
}

/** Run a list of commands through one or more sessions (a timeout or a dead driver ends one). */
async function runChunk(commands: string[], opts: OracleOptions, slot: number): Promise<OracleResult[]> {
  const out: OracleResult[] = [];
  let i = 0;
  while (i < commands.length) {
    const dirs = sessionDirs(slot);
    const s = new Session(dirs, opts, slot);
    let alone: string | undefined;
    let kill = false;
    try {
      while (i < commands.length) {
        const r = await s.run(commands[i]!);
        if (r === undefined) {
          alone = commands[i]!;
          kill = true;
          break;
        }
        out.push(r);
        i++;
        if (r.timedOut || s.closed) {
          kill = true;
          break;
        }
      }
    } finally {
      await s.close(kill);
      fs.rmSync(dirs.runDir, { recursive: true, force: true });
    }
    if (alone !== undefined) {
      // The command took the driver down or left processes: run it the single way.
      out.push(await runUnderOracleAsync(alone, opts));
      i++;
    }
  }
  return out;
}

/** Run many commands, `concurrency` sandboxes at a time, several commands per sandbox start;
 *  results in input order, each as a single run would report it. */
export async function runBatchedUnderOracle(commands: string[], concurrency = 2, opts: OracleOptions = {}): Promise<OracleResult[]> {
  const out = new Array<OracleResult>(commands.length);
  let next = 0;
  // Each worker has its own process-cap slot (1, 2, …); single runs use slot 0.
  const worker = async (slot: number) => {
    while (next < commands.length) {
      const start = next;
      next = Math.min(commands.length, next + CHUNK);
      const rs = await runChunk(commands.slice(start, next), opts, slot);
      rs.forEach((r, k) => (out[start + k] = r));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, (_, k) => worker(k + 1)));
  return out;
}
