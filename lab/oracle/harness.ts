// Bash as the oracle: run `bash -c CMD` under bubblewrap in a throwaway root where every program
// is a stub that logs its argv and exits 0. Nothing real runs: only bash builtins and stubs.
// Node-only code (not part of the isomorphic engine): the oracle tests and the lab's c14 use it.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  CTL_DIR, CWD, EXTRA_NAMES, HIDDEN, HIDDEN_BASH, HOME, LOG_DIR, SHELLS,
  buildEtc, buildHome, diffSnapshots, snapshot, stubNames, stubScript, writeFile,
} from './fixture.ts';

export { CWD, HOME, diffSnapshots };

export interface OracleExec {
  /** Program path as bash executed it ($0 of the stub), e.g. /usr/bin/rm or /bin/rm. */
  path: string;
  /** Arguments after the program (argv[1..]). */
  argv: string[];
}

export interface OracleResult {
  execs: OracleExec[];
  /** Paths (inside the fake root) created, removed or modified, plus `<ro-write>` markers. */
  changed: string[];
  exitCode: number | null;
  timedOut: boolean;
  stderr: string;
  /** Names bash reported as "command not found" (no stub exists for them). */
  notFound: string[];
}

export interface OracleOptions {
  /** Wall-clock limit for one run, ms (default 2000). */
  timeoutMs?: number;
  /** When true (default), the stubs for bash and sh log and then run the hidden bash on their
   *  arguments, so `bash -c '…'` and `… | sh` are traced one level deeper. */
  followShells?: boolean;
}

export type Availability = { ok: true } | { ok: false; reason: string };

export interface Prepared {
  root: string; // host folder holding everything below
  stub: string; // host path of the one stub script
  shellStub: string; // host path of the stub that follows into bash
  binDirs: { dest: string; host: string }[]; // stub trees to bind read-only
  topLinks: { dest: string; target: string }[]; // /bin -> usr/bin and friends
  libs: { host: string; hidden: string; loaderPaths: string[] }[];
  bashHost: string;
  etc: string;
  homeTemplate: string;
  baseline: Map<string, string>;
  runs: number;
}

let prepared: Prepared | null = null;
let availability: Availability | null = null;
let bwrapPath = 'bwrap';

/** The bubblewrap binary oracleAvailable() found. */
export function bwrapBinary(): string {
  return bwrapPath;
}

function which(name: string): string | null {
  for (const dir of ['/usr/bin', '/bin', '/usr/local/bin', '/usr/sbin', '/sbin']) {
    const p = path.join(dir, name);
    if (fs.existsSync(p)) return p;
  }
  return null;
}

/** Is bubblewrap installed and able to create namespaces here? Cached. */
export function oracleAvailable(): Availability {
  if (availability) return availability;
  // ORACLE_BWRAP overrides the binary (a path; a missing path simulates an absent bwrap).
  const bwrap = process.env.ORACLE_BWRAP ? (fs.existsSync(process.env.ORACLE_BWRAP) ? process.env.ORACLE_BWRAP : null) : which('bwrap');
  if (!bwrap) {
    availability = { ok: false, reason: 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap' };
    return availability;
  }
  const bash = fs.realpathSync('/bin/bash');
  const r = spawnSync(
    bwrap,
    ['--unshare-all', '--die-with-parent', '--ro-bind', '/', '/', bash, '-c', 'echo ok'],
    { encoding: 'utf8', timeout: 10_000 },
  );
  if (r.status !== 0 || r.stdout.trim() !== 'ok') {
    const why = (r.stderr || r.error?.message || `exit ${r.status}`).trim();
    availability = { ok: false, reason: `bwrap cannot create a sandbox here (user namespaces?): ${why}` };
    return availability;
  }
  bwrapPath = bwrap;
  // The whole layout must work too: one traced exec of a stub.
  try {
    const probe = runUnderOracle('ls probe');
    const seen = probe.execs[0];
    if (!seen || !seen.path.endsWith('/ls') || seen.argv[0] !== 'probe') {
      availability = { ok: false, reason: `the oracle sandbox starts but traces nothing: ${probe.stderr.trim() || 'no exec logged'}` };
      return availability;
    }
  } catch (e) {
    availability = { ok: false, reason: `the oracle sandbox cannot be prepared: ${(e as Error).message}` };
    return availability;
  }
  availability = { ok: true };
  return availability;
}

/** Which shared objects and loader does this ELF need? (ldd) */
function lddDeps(bin: string): { lib: string; loader: boolean }[] {
  const r = spawnSync('ldd', [bin], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ldd ${bin} failed: ${r.stderr}`);
  const out: { lib: string; loader: boolean }[] = [];
  for (const line of r.stdout.split('\n')) {
    const t = line.trim();
    const arrow = t.indexOf('=>');
    if (arrow >= 0) {
      const rest = t.slice(arrow + 2).trim().split(' ')[0] ?? '';
      if (rest.startsWith('/')) out.push({ lib: rest, loader: false });
    } else if (t.startsWith('/')) {
      out.push({ lib: t.split(' ')[0]!, loader: true });
    }
  }
  return out;
}

/** Resolve the folder part of a path through host symlinks (the sandbox mirrors them). */
function realDirPath(p: string): string {
  const dir = path.dirname(p);
  try {
    return path.join(fs.realpathSync(dir), path.basename(p));
  } catch {
    return p;
  }
}


/** Where the per-run copies live: a tmpfs when there is one (creating and deleting thousands
 *  of small files on a disk mounted with `discard` costs more than the sandbox itself). */
function scratchDir(): string {
  for (const d of [process.env.ORACLE_TMPDIR, '/dev/shm']) {
    if (!d) continue;
    try {
      fs.accessSync(d, fs.constants.W_OK);
      return d;
    } catch {
      /* next */
    }
  }
  return os.tmpdir();
}

/** Build the stub trees, hidden bash layout, /etc and the HOME template (once per process). */
export function prepareOracle(): Prepared {
  if (prepared) return prepared;
  const root = fs.mkdtempSync(path.join(scratchDir(), 'gatelab-oracle-'));
  fs.chmodSync(root, 0o755); // the unprivileged sandbox user must reach the stubs
  const stub = path.join(root, 'stub');
  const shellStub = path.join(root, 'stub-shell');
  writeFile(stub, stubScript(false), 0o755);
  writeFile(shellStub, stubScript(true), 0o755);

  const binDirs: Prepared['binDirs'] = [];
  const topLinks: Prepared['topLinks'] = [];
  const seen = new Set<string>();
  for (const top of ['/bin', '/sbin', '/usr/bin', '/usr/sbin']) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(top);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) {
      topLinks.push({ dest: top, target: fs.readlinkSync(top) });
      continue;
    }
    const real = fs.realpathSync(top);
    if (seen.has(real)) continue;
    seen.add(real);
    const host = path.join(root, 'bins', top.replace(/\//g, '_'));
    fs.mkdirSync(host, { recursive: true });
    const names = new Set(stubNames(top));
    if (top === '/usr/bin') for (const n of EXTRA_NAMES) names.add(n);
    for (const n of names) {
      // Symlinks keep $0 = the path bash executed, so one stub serves every name.
      const target = n in SHELLS ? `${HIDDEN}/stub-shell` : `${HIDDEN}/stub`;
      fs.symlinkSync(target, path.join(host, n));
    }
    binDirs.push({ dest: top, host });
  }
  for (const l of ['/lib', '/lib64', '/lib32', '/libx32']) {
    try {
      if (fs.lstatSync(l).isSymbolicLink()) topLinks.push({ dest: l, target: fs.readlinkSync(l) });
    } catch {
      /* absent */
    }
  }

  const bashHost = fs.realpathSync('/bin/bash');
  const libs = lddDeps(bashHost).map((d) => {
    const hidden = `${HIDDEN}/lib/${path.basename(d.lib)}`;
    // The loader must sit at the path the ELF names; libraries at a default search folder,
    // so the stubs start even when the traced command empties the environment (exec -c, env -i).
    const loaderPaths = [realDirPath(d.lib)];
    return { host: fs.realpathSync(d.lib), hidden, loaderPaths };
  });

  const etc = path.join(root, 'etc');
  buildEtc(etc);
  const homeTemplate = path.join(root, 'home-template');
  buildHome(homeTemplate);
  prepared = {
    root, stub, shellStub, binDirs, topLinks, libs, bashHost, etc, homeTemplate,
    baseline: snapshot(homeTemplate), runs: 0,
  };
  process.once('exit', disposeOracle); // also when a suite never reaches its afterAll
  return prepared;
}

/** Remove the prepared folders (call from afterAll). */
export function disposeOracle(): void {
  if (!prepared) return;
  fs.rmSync(prepared.root, { recursive: true, force: true });
  prepared = null;
}

/** Where one sandbox keeps its writable state on the host (`ctl`: the batch driver's folder). */
export interface RunDirs {
  home: string;
  tmp: string;
  log: string;
  ctl?: string;
}

export function bwrapArgs(p: Prepared, run: RunDirs, command: string, follow: boolean): string[] {
  const a: string[] = ['--unshare-all', '--die-with-parent', '--new-session'];
  a.push('--uid', '1000', '--gid', '1000', '--hostname', 'oracle');
  a.push('--tmpfs', '/');
  for (const l of p.topLinks) a.push('--symlink', l.target, l.dest);
  for (const b of p.binDirs) a.push('--ro-bind', b.host, b.dest);
  a.push('--ro-bind', p.bashHost, HIDDEN_BASH);
  a.push('--ro-bind', p.stub, `${HIDDEN}/stub`);
  a.push('--ro-bind', follow ? p.shellStub : p.stub, `${HIDDEN}/stub-shell`);
  for (const l of p.libs) {
    a.push('--ro-bind', l.host, l.hidden);
    for (const lp of l.loaderPaths) a.push('--symlink', l.hidden, lp);
  }
  a.push('--ro-bind', p.etc, '/etc');
  a.push('--proc', '/proc', '--dev', '/dev');
  a.push('--bind', run.home, HOME, '--bind', run.tmp, '/tmp', '--bind', run.log, LOG_DIR);
  if (run.ctl) a.push('--bind', run.ctl, CTL_DIR);
  a.push('--remount-ro', '/');
  a.push('--chdir', CWD, '--clearenv');
  a.push('--setenv', 'PATH', '/usr/bin:/bin', '--setenv', 'HOME', HOME, '--setenv', 'USER', 'dev');
  a.push('--setenv', 'LOGNAME', 'dev', '--setenv', 'SHELL', '/bin/bash', '--setenv', 'LANG', 'C');
  a.push('--setenv', 'TERM', 'dumb', '--setenv', 'PWD', CWD);
  a.push('--', HIDDEN_BASH, '-c', command);
  return a;
}

export function readLog(dir: string): OracleExec[] {
  const files = fs.readdirSync(dir).sort();
  const out: OracleExec[] = [];
  for (const f of files) {
    const fields = fs.readFileSync(path.join(dir, f), 'latin1');
    const parts = Buffer.from(fields, 'latin1').toString('utf8').split('\0');
    parts.pop(); // trailing terminator
    if (parts.length === 0) continue;
    out.push({ path: parts[0]!, argv: parts.slice(1) });
  }
  return out;
}

/** Undo bash's $'…' quoting of odd names in its error messages. */
function decodeAnsiC(q: string): string {
  if (!(q.startsWith("$'") && q.endsWith("'"))) return q;
  const body = q.slice(2, -1);
  const bytes: number[] = [];
  const simple: Record<string, number> = { a: 7, b: 8, e: 27, E: 27, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92, "'": 39, '"': 34, '?': 63 };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const n = body[++i] ?? '';
    if (n in simple) bytes.push(simple[n]!);
    else if (/[0-7]/.test(n)) {
      let j = i;
      while (j < i + 3 && /[0-7]/.test(body[j] ?? '')) j++;
      bytes.push(parseInt(body.slice(i, j), 8) & 255);
      i = j - 1;
    } else if (n === 'x') {
      let j = i + 1;
      while (j < i + 3 && /[0-9a-fA-F]/.test(body[j] ?? '')) j++;
      bytes.push(parseInt(body.slice(i + 1, j), 16));
      i = j - 1;
    } else bytes.push(92, ...Buffer.from(n, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export function notFoundNames(stderr: string): string[] {
  const out: string[] = [];
  for (const line of stderr.split('\n')) {
    const i = line.lastIndexOf(': command not found');
    if (i < 0) continue;
    const head = line.slice(0, i);
    const j = head.lastIndexOf(': ');
    out.push(decodeAnsiC(j >= 0 ? head.slice(j + 2) : head));
  }
  return out;
}

/** Most processes one sandbox may have: a fork bomb under test must not flood the machine. */
const MAX_PROCS = 64;
const caps = new Map<number, { uid: number; prefix: string[] } | null>();

/**
 * RLIMIT_NPROC is not enforced for host root, so as root the sandbox runs as a throwaway
 * unprivileged uid (one per test process and slot) with a process limit. Otherwise: no cap.
 * The limit counts all processes of the uid, so sandboxes that run side by side take different
 * slots: a fork bomb in one must not starve the other.
 */
export function processCap(slot = 0): { uid: number; prefix: string[] } | null {
  const known = caps.get(slot);
  if (known !== undefined) return known;
  let cap: { uid: number; prefix: string[] } | null = null;
  const setpriv = which('setpriv');
  const prlimit = which('prlimit');
  if (process.getuid?.() === 0 && setpriv && prlimit) {
    const uid = 200_000 + (process.pid % 50_000) * 8 + (slot % 8);
    cap = { uid, prefix: [prlimit, `--nproc=${MAX_PROCS}`, '--', setpriv, `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups'] };
  }
  caps.set(slot, cap);
  return cap;
}

export function chownTree(dir: string, uid: number): void {
  fs.lchownSync(dir, uid, uid);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) chownTree(p, uid);
    else fs.lchownSync(p, uid, uid);
  }
}

interface RunSetup {
  runDir: string;
  run: { home: string; tmp: string; log: string };
  file: string;
  args: string[];
}

function setupRun(command: string, opts: OracleOptions): RunSetup {
  const p = prepareOracle();
  const runDir = path.join(p.root, 'runs', String(p.runs++));
  const run = { home: path.join(runDir, 'home'), tmp: path.join(runDir, 'tmp'), log: path.join(runDir, 'log') };
  fs.mkdirSync(run.tmp, { recursive: true });
  fs.mkdirSync(run.log, { recursive: true });
  fs.cpSync(p.homeTemplate, run.home, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
  const cap = processCap();
  if (cap) for (const d of [runDir, run.home, run.tmp, run.log]) chownTree(d, cap.uid);
  const args = bwrapArgs(p, run, command, opts.followShells ?? true);
  if (!cap) return { runDir, run, file: bwrapPath, args };
  return { runDir, run, file: cap.prefix[0]!, args: [...cap.prefix.slice(1), bwrapPath, ...args] };
}

function finishRun(s: RunSetup, status: number | null, timedOut: boolean, stderr: string): OracleResult {
  const p = prepareOracle();
  const changed = [
    ...diffSnapshots(p.baseline, snapshot(s.run.home), HOME),
    ...[...snapshot(s.run.tmp).keys()].map((k) => `/tmp/${k}`),
  ];
  // The rest of the root is read-only: a write attempt there shows up as an error.
  if (stderr.includes('Read-only file system')) changed.push('<ro-write>');
  const execs = readLog(s.run.log);
  fs.rmSync(s.runDir, { recursive: true, force: true });
  return { execs, changed, exitCode: timedOut ? null : status, timedOut, stderr, notFound: notFoundNames(stderr) };
}

/** Run `bash -c command` in the throwaway root and report what it executed and changed. */
export function runUnderOracle(command: string, opts: OracleOptions = {}): OracleResult {
  const s = setupRun(command, opts);
  const r = spawnSync(s.file, s.args, {
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 2000,
    killSignal: 'SIGKILL',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 4 * 1024 * 1024,
  });
  const timedOut = r.error !== undefined && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT';
  return finishRun(s, r.status, timedOut, r.stderr ?? '');
}

/** The same, without blocking: lets a suite keep two sandboxes busy at once. */
export function runUnderOracleAsync(command: string, opts: OracleOptions = {}): Promise<OracleResult> {
  const s = setupRun(command, opts);
  return new Promise((resolve) => {
    const child = spawn(s.file, s.args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let timedOut = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      if (stderr.length < 1024 * 1024) stderr += d;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs ?? 2000);
    child.on('error', (e) => {
      stderr += String(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(finishRun(s, code, timedOut, stderr));
    });
  });
}

/** Run many commands, `concurrency` sandboxes at a time; results in input order. */
export async function runManyUnderOracle(commands: string[], concurrency = 2, opts: OracleOptions = {}): Promise<OracleResult[]> {
  const out = new Array<OracleResult>(commands.length);
  let next = 0;
  const worker = async () => {
    while (next < commands.length) {
      const i = next++;
      out[i] = await runUnderOracleAsync(commands[i]!, opts);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return out;
}
