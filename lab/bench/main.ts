// `npm run bench`: gatelab next to its peers on the same inputs (every Bash command of the
// corpus). Prints a table (or --json), writes site/src/data/agreement.json, and with
// --write-docs refreshes the generated block of docs/BENCHMARKS.md.
//   --quick        fewer rounds and runs (a smoke run; figures are not for the docs)
//   --runs N       process runs per hook command (default 25, at least 20 for the docs)
//   --json         the whole result as JSON on stdout
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem, release } from 'node:os';
import { join } from 'node:path';
import { PermissionEngine, loadPolicy, useRegexEngine, builtinDetectors, MODES, type ModeName, type ToolCall } from '../../engine/index.ts';
// The raised-budget scaling run needs the analyser itself (not exported by engine/index.ts).
import { analyze, workCounter } from '../../engine/index.ts';
import { re2Engine } from '../re2-engine.ts';
import { REPO_ROOT, DEFAULT_POLICY } from '../node-host.ts';
import { loadCorpus, type LoadedCase } from '../corpus/schema.ts';
import { EngineCache, CASE_CWD, CASE_HOME, caseCall } from '../corpus/run.ts';
import { buildHook, HOOK_BUNDLE, HOOK_LAUNCHER, hookIsStale } from '../hook/build.ts';
import { loadSafetyNet, loadTreeSitter } from './peers.ts';
import { bundledEngine } from './bundle.ts';
import { SHAPES, SIZES } from './scaling.ts';
import { SEARCH_SHAPES, formatWorst, searchWorst } from './search.ts';
import { summarize, fmt, settle, type Summary } from './stats.ts';
import { timeProcesses, type ProcResult } from './process.ts';
import { renderMarkdown, type BenchResult, type Target } from './report.ts';

const args = process.argv.slice(2);
const flag = (n: string) => args.includes(n);
const value = (n: string) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const QUICK = flag('--quick');
const JSON_OUT = flag('--json');
const RUNS = Number(value('--runs') ?? (QUICK ? 5 : 25));
const log = (s: string) => {
  if (!JSON_OUT) process.stderr.write(s + '\n');
};

const ns = () => process.hrtime.bigint();
const us = (a: bigint, b: bigint) => Number(b - a) / 1000;

/** Time fn over every input, `rounds` times, after `warm` untimed rounds; µs per call. */
function perCall<T>(inputs: readonly T[], fn: (x: T) => unknown, rounds: number, warm: number): Summary {
  let sink = 0;
  for (let r = 0; r < warm; r++) for (const x of inputs) sink += fn(x) ? 1 : 0;
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const x of inputs) {
      const t0 = ns();
      sink += fn(x) ? 1 : 0;
      samples.push(us(t0, ns()));
    }
  }
  if (sink < 0) log('');
  return summarize(samples);
}

interface Interleaved {
  /** Per command: the median of its rounds (µs). */
  medians: number[];
  /** Distribution of those per-command medians. */
  perCommand: Summary;
  /** Every timed call. */
  all: Summary;
}

/**
 * Round by round: in each round every tool makes one pass over all inputs (the tool order rotates
 * per round), so load changes on a shared machine hit the tools alike while one tool's garbage
 * does not land in another's timings. Each tool first warms up (warmUp) until its passes stop
 * getting faster. fn gets the input and the round number.
 */
function interleaved(inputs: readonly string[], fns: ((x: string, round: number) => unknown)[], rounds: number, names: readonly string[] = []): Interleaved[] {
  const t = fns.map(() => inputs.map(() => [] as number[]));
  let sink = 0;
  fns.forEach((fn, k) => {
    const w = warmUp(inputs, fn);
    sink += w.sink;
    log(`    warm-up ${names[k] ?? k}: ${w.passes.length} passes (${w.passes.map((x) => (x / 1e6).toFixed(2)).join(', ')} s)`);
  });
  for (let r = 0; r < rounds; r++) {
    const spent: string[] = [];
    for (let j = 0; j < fns.length; j++) {
      const k = (j + r) % fns.length;
      const fn = fns[k]!;
      const a = ns();
      inputs.forEach((x, i) => {
        const t0 = ns();
        sink += fn(x, r) ? 1 : 0;
        t[k]![i]!.push(us(t0, ns()));
      });
      spent[k] = `${(us(a, ns()) / 1e6).toFixed(1)} s`;
    }
    log(`    round ${r + 1}/${rounds}: ${spent.join(', ')}`);
  }
  if (sink < 0) log('');
  return t.map((perInput) => {
    const medians = perInput.map((xs) => summarize(xs).median);
    return { medians, perCommand: summarize(medians), all: summarize(perInput.flat()) };
  });
}

/** Untimed full passes over every input (pass p as round p, so gatelab meets every mode) until
 *  the JIT has settled (stats.ts settle, the same rule for every tool). Returns the pass times (µs). */
const WARM_MIN = QUICK ? 1 : 2;
const WARM_MAX = QUICK ? 1 : 8;
function warmUp(inputs: readonly string[], fn: (x: string, round: number) => unknown): { passes: number[]; sink: number } {
  let sink = 0;
  const passes = settle((p) => {
    const a = ns();
    for (const x of inputs) sink += fn(x, p) ? 1 : 0;
    return us(a, ns());
  }, WARM_MIN, WARM_MAX);
  return { passes, sink };
}

/** Per command peer ÷ gatelab (each a median over rounds): the median and the 1st percentile of the ratio. */
function ratioPerCommand(peer: number[], gate: number[]): { median: number; p1: number } {
  const r = peer.map((p, i) => p / gate[i]!).sort((a, b) => a - b);
  return { median: r[Math.floor(r.length / 2)]!, p1: r[Math.floor(r.length * 0.01)]! };
}

function machine() {
  const c = cpus();
  let model = c[0]?.model ?? 'unknown';
  try {
    const m = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) model = m[1]!.trim();
  } catch {
    /* not Linux */
  }
  let load = '';
  try {
    load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    /* not Linux */
  }
  return { cpu: model, cores: c.length, memGiB: Math.round(totalmem() / 2 ** 30), node: process.version, os: `${process.platform} ${release()}`, loadavg: load };
}

async function main(): Promise<void> {
  useRegexEngine(re2Engine);
  const started = new Date();
  const corpusDir = join(REPO_ROOT, 'corpus');
  const { cases, errors } = loadCorpus(corpusDir);
  const bash = cases.filter((c) => c.case.tool === 'Bash' && c.command !== undefined) as (LoadedCase & { command: string })[];
  const commands = bash.map((c) => c.command);
  const unique = [...new Set(commands)];
  log(`corpus: ${cases.length} cases (${errors.length} lint errors skipped), ${commands.length} Bash commands, ${unique.length} unique`);

  const work0 = mkdtempSync(join(tmpdir(), 'gatelab-bench-engine-'));
  const engine = new PermissionEngine(loadPolicy(readFileSync(DEFAULT_POLICY, 'utf8'), { file: DEFAULT_POLICY }));
  const ctx = { cwd: CASE_CWD, home: CASE_HOME, mode: 'default' as ModeName };
  const call = (command: string): ToolCall => ({ tool: 'Bash', input: { command } });

  // 1–3. gatelab decide (the bundled engine, as the hook and the site run it), tree-sitter-bash
  // parse + walk and cc-safety-net checkCommand, interleaved command by command in every round,
  // so that load changes on a shared machine hit the three alike. Round r runs decide in mode
  // MODES[r % 6] (commands × modes over the rounds). Per command: the median over its rounds.
  const work = mkdtempSync(join(tmpdir(), 'gatelab-bench-'));
  const app = join(work, 'app');
  mkdirSync(app, { recursive: true });
  const bundled = await bundledEngine(work0);
  bundled.useRegexEngine(re2Engine);
  const bEngine = new bundled.PermissionEngine(bundled.loadPolicy(readFileSync(DEFAULT_POLICY, 'utf8'), { file: DEFAULT_POLICY }));
  const ts = await loadTreeSitter();
  const sn = await loadSafetyNet();
  const modes = MODES.map((m) => m.mode as ModeName);
  const ROUNDS = QUICK ? 1 : modes.length;
  log(`1/6 interleaved: gatelab decide (bundled), tree-sitter-bash, cc-safety-net, ${ROUNDS} rounds × ${unique.length} unique commands …`);
  const inter = interleaved(
    unique,
    [
      (c, r) => bEngine.decide(call(c), { ...ctx, mode: modes[r % modes.length]! }).behavior,
      (c) => ts.parseWalk(c),
      (c) => sn.check(c, app),
    ],
    ROUNDS,
    ['gatelab', 'tree-sitter', 'cc-safety-net'],
  );
  const [decideBundled, treeSitter, safetyNet] = inter.map((t) => t.perCommand);
  const samples = inter.map((t) => t.all);
  const ratios = { treeSitter: ratioPerCommand(inter[1]!.medians, inter[0]!.medians), safetyNet: ratioPerCommand(inter[2]!.medians, inter[0]!.medians) };

  // Where the time goes (not interleaved, fewer rounds): decide through tsx, the analyser alone,
  // and decide with every built-in detector disabled.
  log('2/6 gatelab through tsx, analyser alone, no detectors …');
  const R2 = QUICK ? 1 : 3;
  const decide = perCall(unique, (c) => engine.decide(call(c), ctx).behavior, R2, 1);
  const small = unique.filter((c) => c.length <= 64 * 1024);
  const decideSmall = perCall(small, (c) => engine.decide(call(c), ctx).behavior, R2, 0);
  const analyser = perCall(unique, (c) => analyze(c, { home: CASE_HOME }).commands.length, R2, 1);
  const ids = builtinDetectors().map((d) => d.meta.id);
  const policyText = readFileSync(DEFAULT_POLICY, 'utf8');
  const noDetText = policyText.replace(/disable: \[\]/, `disable: [${ids.join(', ')}]`);
  if (noDetText === policyText) throw new Error('bench: policies/default.yaml has no `disable: []` line to fill');
  const noDet = new PermissionEngine(loadPolicy(noDetText, { file: DEFAULT_POLICY, skipExamples: true }));
  const decideNoDetectors = perCall(unique, (c) => noDet.decide(call(c), ctx).behavior, R2, 1);
  log('3/6 agreement …');

  // Agreement on the corpus (gatelab: default policy, default mode; peer: checkCommand).
  const agreement = agreementOf(bash, (c) => engine.decide(call(c), ctx).behavior, (c) => sn.check(c, app), sn.version);

  // 4. Hook processes end to end.
  log(`4/6 hook processes (${RUNS} runs each) …`);
  if (hookIsStale()) {
    log('    building dist/hook.sh, dist/hook.blob and dist/hook.mjs …');
    await buildHook();
  }
  // The regex-engine choice, measured: the same hook built with re2js only.
  const re2jsHook = join(work, 'hook-re2js.mjs');
  await buildHook({ regex: 're2js', outfile: re2jsHook, snapshot: false });
  const hookInput = JSON.stringify({
    session_id: 'bench',
    transcript_path: join(work, 't.jsonl'),
    cwd: app,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'git status' },
    tool_use_id: 'toolu_bench',
  });
  // A clean environment: no NODE_EXTRA_CA_CERTS (it makes every node start read a CA file).
  const env = { PATH: process.env.PATH, HOME: join(work, 'home'), CLAUDE_PROJECT_DIR: app };
  mkdirSync(env.HOME, { recursive: true });
  const procs = timeProcesses(
    [
      { name: "node -e ''", argv: [process.execPath, '-e', ''], env, cwd: app },
      { name: 'gatelab dist/hook.sh (snapshot, shipped)', argv: ['/bin/sh', HOOK_LAUNCHER], input: hookInput, env, cwd: app },
      { name: 'bundle dist/hook.mjs (gatelab fallback)', argv: [process.execPath, HOOK_BUNDLE], input: hookInput, env, cwd: app },
      { name: 'cc-safety-net --claude-code', argv: [process.execPath, sn.bin, '--claude-code'], input: hookInput, env, cwd: app },
      { name: 'gatelab hook, re2js-only build', argv: [process.execPath, re2jsHook], input: hookInput, env, cwd: app },
    ],
    RUNS,
  );

  // Where the hook's time goes (the loader's own timing line, GATELAB_HOOK_TIMING=1).
  const phases = hookPhases(hookInput, { ...env, GATELAB_HOOK_TIMING: '1' }, app, QUICK ? 3 : 15);

  // 5. Scaling.
  log('5/6 scaling …');
  const scaling = scale(engine, ctx);
  const worst = searchWorst(bEngine, 64 * 1024, QUICK ? 3 : 11);
  log(`worst of ${SEARCH_SHAPES.length} generated shapes ≤ 64 KiB (target ≤ 5 ms):\n${formatWorst(worst).join('\n')}`);

  // 6. regress-equivalent: every case × every mode through decide (as regress judges a cell), engine time only.
  log('6/6 regress (engine time) …');
  const cache = new EngineCache(REPO_ROOT);
  let decisions = 0;
  const t0 = ns();
  for (const lc of cases) {
    const e = cache.get(lc.case.policy, lc.case.profile);
    if (e instanceof Error) continue;
    const c = caseCall(lc);
    for (const row of MODES) {
      e.decide(c, { cwd: CASE_CWD, home: CASE_HOME, mode: row.mode as ModeName });
      decisions++;
    }
  }
  const regressMs = us(t0, ns()) / 1000;
  const regressProcess = regressRuns(QUICK ? 1 : 2);
  log(`    lab regress: cold ${fmt(regressProcess.cold.wallMs.median)} ms, after a source change ${fmt(regressProcess.changed.wallMs.median)} ms, warm ${fmt(regressProcess.warm.wallMs.median)} ms (wall medians)`);

  const result: BenchResult = {
    date: started.toISOString(),
    quick: QUICK,
    machine: machine(),
    corpus: { cases: cases.length, bashCommands: commands.length, unique: unique.length, lintErrors: errors.length, over64KiB: unique.length - small.length },
    rounds: ROUNDS,
    samples: { decide: samples[0]!, treeSitter: samples[1]!, safetyNet: samples[2]! },
    ratios,
    search: [...new Set([...worst.slice(0, 5), ...[...worst].sort((a, b) => b.cpuUs - a.cpuUs).slice(0, 5)])],
    regressProcess,
    peers: { treeSitter: ts.version, safetyNet: sn.version },
    decide,
    decideSmall,
    decideBundled,
    analyser,
    decideNoDetectors,
    treeSitter,
    safetyNet,
    hook: procs,
    hookPhases: phases,
    scaling,
    regress: { cases: cases.length, modes: MODES.length, decisions, totalMs: regressMs, perDecisionUs: (regressMs * 1000) / Math.max(1, decisions) },
    agreement,
    targets: [],
  };
  // The raw result first, so that a failure while rendering loses no measurement.
  mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'test-results', 'bench-last.json'), JSON.stringify(result, null, 2) + '\n');
  result.targets = targets(result);

  const out = join(REPO_ROOT, 'site', 'src', 'data', 'agreement.json');
  mkdirSync(join(out, '..'), { recursive: true });
  writeFileSync(out, JSON.stringify({ generated: result.date, ...agreement }, null, 2) + '\n');
  if (flag('--write-docs')) writeDocs(renderMarkdown(result));
  if (JSON_OUT) process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  else process.stdout.write(renderMarkdown(result) + `\nagreement written to ${out}\n`);
}

/**
 * `lab regress` as a user runs it (`node lab/bin.mjs regress`, a new process each time): wall ms
 * and the child's CPU ms (threads included). Three states of the caches, interleaved, one warm-up:
 *  - cold: a fresh, empty cache folder for each run (no CLI bundle, no parsed corpus) and tsx's
 *    transpile cache off: the first run after a clone;
 *  - after a source change: the bundle of lab regress must be rebuilt (its manifest is removed
 *    before each run), the parsed corpus is still valid: the first run after editing the engine;
 *  - warm: everything cached by the run before.
 * A shell wraps the first two (mktemp / rm: a few ms of the figures).
 */
function regressRuns(runs: number): { cold: ProcResult; changed: ProcResult; warm: ProcResult } {
  const bin = join(REPO_ROOT, 'lab', 'bin.mjs');
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.GATELAB_CACHE;
  const cache = mkdtempSync(join(tmpdir(), 'gatelab-bench-cache-'));
  const q = (t: string) => `'${t.split("'").join(`'\\''`)}'`;
  const node = `${q(process.execPath)} ${q(bin)} regress`;
  const [cold, changed, warm] = timeProcesses(
    [
      { name: 'lab regress, cold', argv: ['/bin/sh', '-c', `d=$(mktemp -d) && GATELAB_CACHE_DIR="$d" TSX_DISABLE_CACHE=1 ${node}; s=$?; rm -rf "$d"; exit $s`], env, cwd: REPO_ROOT },
      { name: 'lab regress, after a source change', argv: ['/bin/sh', '-c', `rm -f ${q(join(cache, 'regress.json'))}; ${node}`], env: { ...env, GATELAB_CACHE_DIR: cache }, cwd: REPO_ROOT },
      { name: 'lab regress, warm', argv: [process.execPath, bin, 'regress'], env: { ...env, GATELAB_CACHE_DIR: cache }, cwd: REPO_ROOT },
    ],
    runs,
    1,
  );
  rmSync(cache, { recursive: true, force: true });
  return { cold: cold!, changed: changed!, warm: warm! };
}

/** Median of each phase the loader reports: boot (Node start to loader), compile, init, call. */
function hookPhases(input: string, env: Record<string, string | undefined>, cwd: string, runs: number): Record<string, number> {
  const acc: Record<string, number[]> = {};
  for (let i = 0; i < runs; i++) {
    const p = spawnSync(process.execPath, [HOOK_BUNDLE], { input, env, cwd, encoding: 'utf8' });
    const line = /gatelab hook timing: (.*)/.exec(p.stderr ?? '')?.[1] ?? '';
    for (const kv of line.split(' ')) {
      const [k, v] = kv.split('=');
      if (k && v !== undefined && !Number.isNaN(Number(v))) (acc[k] ??= []).push(Number(v));
    }
  }
  return Object.fromEntries(Object.entries(acc).map(([k, v]) => [k, summarize(v).median]));
}


function agreementOf(
  bash: readonly (LoadedCase & { command: string })[],
  gate: (c: string) => 'allow' | 'deny' | 'ask',
  peer: (c: string) => 'allow' | 'deny' | 'error',
  peerName: string,
) {
  const matrix: Record<string, Record<string, number>> = { allow: {}, ask: {}, deny: {} };
  const ex = { gatelabStopsPeerAllows: [] as object[], gatelabAsksPeerAllows: [] as object[], peerStopsGatelabAllows: [] as object[], peerStopsGatelabAsks: [] as object[] };
  const byExpect: Record<string, { cases: number; gatelab: Record<string, number>; peer: Record<string, number> }> = {};
  for (const lc of bash) {
    const g = gate(lc.command);
    const p = peer(lc.command);
    matrix[g]![p] = (matrix[g]![p] ?? 0) + 1;
    const e = (byExpect[lc.case.expect] ??= { cases: 0, gatelab: {}, peer: {} });
    e.cases++;
    e.gatelab[g] = (e.gatelab[g] ?? 0) + 1;
    e.peer[p] = (e.peer[p] ?? 0) + 1;
    const item = { id: lc.case.id, family: lc.family, expect: lc.case.expect, command: lc.command.length > 120 ? lc.command.slice(0, 117) + '…' : lc.command };
    const push = (list: object[]) => list.length < 25 && list.push(item);
    if (p === 'allow' && g === 'deny') push(ex.gatelabStopsPeerAllows);
    if (p === 'allow' && g === 'ask') push(ex.gatelabAsksPeerAllows);
    if (p === 'deny' && g === 'allow') push(ex.peerStopsGatelabAllows);
    if (p === 'deny' && g === 'ask') push(ex.peerStopsGatelabAsks);
  }
  const n = (g: string, p: string) => matrix[g]![p] ?? 0;
  return {
    gatelab: 'gatelab, policies/default.yaml, default mode',
    peer: `${peerName} checkCommand (allow = no objection)`,
    cases: bash.length,
    matrix,
    gatelabStopsPeerAllows: n('deny', 'allow'),
    gatelabAsksPeerAllows: n('ask', 'allow'),
    peerStopsGatelabAllows: n('allow', 'deny'),
    peerStopsGatelabAsks: n('ask', 'deny'),
    bothStop: n('deny', 'deny'),
    byExpect,
    examples: ex,
  };
}

function scale(engine: PermissionEngine, ctx: { cwd: string; home: string; mode: ModeName }) {
  const raised = { maxChars: 4 * 1024 * 1024, maxTokens: 1e9, maxDepth: 1e9, maxCommands: 1e9 };
  return SHAPES.map((shape) => {
    const sizes = SIZES.map((bytes) => {
      const src = shape.make(bytes);
      const reps = QUICK ? 1 : bytes <= 64 * 1024 ? 7 : 3;
      const time = (fn: () => unknown) => {
        fn();
        const t: number[] = [];
        for (let i = 0; i < reps; i++) {
          const a = ns();
          fn();
          t.push(us(a, ns()));
        }
        return summarize(t).median;
      };
      let verdict = '';
      const engineUs = time(() => {
        const d = engine.decide({ tool: 'Bash', input: { command: src } }, ctx);
        verdict = `${d.behavior}/${d.reason.type}`;
      });
      let issues = '';
      const before = workCounter.steps;
      const analyserUs = time(() => {
        const x = analyze(src, { home: ctx.home, budget: raised });
        issues = x.issues.length ? x.issues[0]!.kind : 'none';
      });
      const steps = (workCounter.steps - before) / (reps + 1);
      return { bytes: src.length, engineUs, verdict, analyserUs, analyserIssue: issues, steps };
    });
    const growth = sizes.slice(1).map((s, i) => {
      const p = sizes[i]!;
      const k = Math.log(s.analyserUs / p.analyserUs) / Math.log(s.bytes / p.bytes);
      return { from: p.bytes, to: s.bytes, ratio: s.analyserUs / p.analyserUs, per10x: Math.pow(10, k) };
    });
    return { shape: shape.name, sizes, growth };
  });
}

function targets(r: BenchResult): Target[] {
  const hook = (name: string) => r.hook.find((h: ProcResult) => h.name.startsWith(name))!;
  const bare = hook('node');
  const gl = hook('gatelab');
  const sn = hook('cc-safety-net');
  const worst = r.search[0]!;
  const worstCpu = [...r.search].sort((a, b) => b.cpuUs - a.cpuUs)[0]!;
  const worstGrowth = Math.max(...r.scaling.flatMap((s) => s.growth.filter((g) => g.to / g.from >= 4).map((g) => g.per10x)));
  const t = (name: string, target: string, actual: number, limit: number, unit: string, lowerIsBetter = true): Target => ({
    name,
    target,
    actual: `${fmt(actual)}${unit}`,
    met: lowerIsBetter ? actual <= limit : actual >= limit,
    by: lowerIsBetter ? actual / limit : limit / actual,
  });
  return [
    t('decide median (bundled engine, per-command medians)', '≤ 2 µs', r.decideBundled.median, 2, ' µs'),
    t('decide p99 (bundled engine, per-command medians)', '≤ 20 µs', r.decideBundled.p99, 20, ' µs'),
    t('vs tree-sitter parse+walk (ratio of medians, same rounds)', '≥ 8×', r.treeSitter.median / r.decideBundled.median, 8, '×', false),
    t('vs cc-safety-net checkCommand (ratio of medians, same rounds)', '≥ 100×', r.safetyNet.median / r.decideBundled.median, 100, '×', false),
    t(`worst searched input ≤ 64 KiB, wall (${worst.shape}, ${worst.bytes} B)`, '≤ 5 ms', worst.us / 1000, 5, ' ms'),
    t(`worst searched input ≤ 64 KiB, CPU (${worstCpu.shape}, ${worstCpu.bytes} B)`, '≤ 5 ms', worstCpu.cpuUs / 1000, 5, ' ms'),
    t('analyser growth per 10× input (scaling shapes, ≥ 4× steps, raised budgets)', '≤ 12×', worstGrowth, 12, '×'),
    t('hook process vs bare node (wall median)', '≤ 1.3×', gl.wallMs.median / bare.wallMs.median, 1.3, '×'),
    ...(gl.cpuMs && bare.cpuMs ? [t('hook process vs bare node (CPU mean)', '≤ 1.3×', gl.cpuMs.mean / bare.cpuMs.mean, 1.3, '×')] : []),
    t('lab regress, cold (wall median)', '≤ 1 s', r.regressProcess.cold.wallMs.median / 1000, 1, ' s'),
    ...(r.regressProcess.cold.cpuMs ? [t('lab regress, cold (CPU mean)', '≤ 1 s', r.regressProcess.cold.cpuMs.mean / 1000, 1, ' s')] : []),
    t('cc-safety-net hook vs bare node (wall median, for reference)', 'n/a', sn.wallMs.median / bare.wallMs.median, Infinity, '×'),
  ];
}

function writeDocs(block: string): void {
  const file = join(REPO_ROOT, 'docs', 'BENCHMARKS.md');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${start}\n${end}\n`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  const next = a >= 0 && b > a ? text.slice(0, a + start.length) + '\n' + block + '\n' + text.slice(b) : text + `\n${start}\n${block}\n${end}\n`;
  writeFileSync(file, next);
  log(`docs/BENCHMARKS.md updated`);
}

await main();
