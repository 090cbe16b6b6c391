// The benchmark's result shape and its Markdown table (stdout and docs/BENCHMARKS.md).
import { fmt, type Summary } from './stats.ts';
import type { ProcResult } from './process.ts';
import type { SearchRow } from './search.ts';

export interface Target {
  name: string;
  target: string;
  actual: string;
  met: boolean;
  /** Factor of the miss (> 1 means missed by that factor). */
  by: number;
}

export interface ScalingRow {
  shape: string;
  sizes: { bytes: number; engineUs: number; verdict: string; analyserUs: number; analyserIssue: string; steps: number }[];
  growth: { from: number; to: number; ratio: number; per10x: number }[];
}

export interface BenchResult {
  date: string;
  quick: boolean;
  machine: { cpu: string; cores: number; memGiB: number; node: string; os: string; loadavg: string };
  corpus: { cases: number; bashCommands: number; unique: number; lintErrors: number; over64KiB: number };
  /** Interleaved rounds (gatelab, tree-sitter, cc-safety-net on each command in turn). */
  rounds: number;
  /** Every timed call of the interleaved rounds (decideBundled, treeSitter, safetyNet are per-command medians). */
  samples: { decide: Summary; treeSitter: Summary; safetyNet: Summary };
  /** Per-command ratio peer ÷ gatelab: median and 1st percentile (the command where gatelab does worst). */
  ratios: { treeSitter: { median: number; p1: number }; safetyNet: { median: number; p1: number } };
  /** The worst-case search's slowest five by wall time and the slowest five by CPU time (decide, bundled engine). */
  search: SearchRow[];
  /** `lab regress` as a new process: cold (no caches), after a source change (bundle rebuilt), warm. */
  regressProcess: { cold: ProcResult; changed?: ProcResult; warm: ProcResult };
  peers: { treeSitter: string; safetyNet: string };
  decide: Summary;
  decideSmall: Summary;
  /** decide on the esbuild bundle of engine/index.ts (as the hook and the site run it). */
  decideBundled: Summary;
  /** The bash analyser alone (parse + word resolution), and decide without detectors. */
  analyser: Summary;
  decideNoDetectors: Summary;
  treeSitter: Summary;
  safetyNet: Summary;
  hook: ProcResult[];
  /** Median ms per phase of the bundled hook (boot, compile, init, call). */
  hookPhases: Record<string, number>;
  scaling: ScalingRow[];
  regress: { cases: number; modes: number; decisions: number; totalMs: number; perDecisionUs: number };
  agreement: {
    cases: number;
    gatelabStopsPeerAllows: number;
    gatelabAsksPeerAllows: number;
    peerStopsGatelabAllows: number;
    peerStopsGatelabAsks: number;
    bothStop: number;
    matrix: Record<string, Record<string, number>>;
  };
  targets: Target[];
}

const kib = (b: number) => (b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(0)} MiB` : `${(b / 1024).toFixed(0)} KiB`);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

export function renderMarkdown(r: BenchResult): string {
  const L: string[] = [];
  const m = r.machine;
  L.push(`Run ${r.date}${r.quick ? ' (**--quick**: smoke figures only)' : ''} · ${m.cpu}, ${m.cores} cores, ${m.memGiB} GiB · Node ${m.node} · ${m.os} · load average at the end ${m.loadavg}`);
  L.push('');
  L.push(`Inputs: ${r.corpus.unique} unique Bash commands (${r.corpus.bashCommands} Bash cases of ${r.corpus.cases} corpus cases; ${r.corpus.over64KiB} over 64 KiB). Peers: ${r.peers.treeSitter}; ${r.peers.safetyNet}.`);
  L.push('');
  L.push('### Targets');
  L.push('');
  L.push(row(['target', 'goal', 'measured', 'met']));
  L.push(row(['---', '---', '---', '---']));
  for (const t of r.targets) L.push(row([t.name, t.target, t.actual, t.target === 'n/a' ? '–' : t.met ? 'yes' : `**no** (${fmt(t.by)}× off)`]));
  L.push('');
  L.push(`### In process, per command (µs): ${r.rounds} interleaved rounds`);
  L.push('');
  L.push('The first three rows ran interleaved round by round: in each round gatelab, tree-sitter and cc-safety-net each made one pass over every command (the order rotating; gatelab in mode MODES[round % 6]). A command\'s time is the median of its rounds; the columns are the distribution of those over the commands. "all calls" rows are every timed call.');
  L.push('');
  L.push(row(['', 'median', 'p90', 'p99', 'max', 'n', 'gatelab is … faster']));
  L.push(row(['---', '---', '---', '---', '---', '---', '---']));
  const s = (name: string, x: { median: number; p90: number; p99: number; max: number; n: number }, ratio: string) => L.push(row([name, fmt(x.median), fmt(x.p90), fmt(x.p99), fmt(x.max), x.n, ratio]));
  s('gatelab decide, bundled engine', r.decideBundled, '–');
  s('tree-sitter-bash parse + walk', r.treeSitter, `${fmt(r.treeSitter.median / r.decideBundled.median)}× (ratio of medians); per command: median ${fmt(r.ratios.treeSitter.median)}×, 1st pct ${fmt(r.ratios.treeSitter.p1)}×`);
  s('cc-safety-net checkCommand', r.safetyNet, `${fmt(r.safetyNet.median / r.decideBundled.median)}× (ratio of medians); per command: median ${fmt(r.ratios.safetyNet.median)}×, 1st pct ${fmt(r.ratios.safetyNet.p1)}×`);
  s('gatelab decide, bundled, all calls', r.samples.decide, '–');
  s('tree-sitter, all calls', r.samples.treeSitter, '–');
  s('cc-safety-net, all calls', r.samples.safetyNet, '–');
  s('gatelab decide via tsx, default mode, all calls', r.decide, '–');
  s('… commands ≤ 64 KiB', r.decideSmall, '–');
  s('… all detectors disabled', r.decideNoDetectors, '–');
  s('gatelab analyser alone (parse + words), all calls', r.analyser, `${fmt(r.samples.treeSitter.median / r.analyser.median)}× vs tree-sitter (all-call medians)`);
  L.push('');
  L.push('### Worst-case search: the slowest five of the generated shapes at ≤ 64 KiB by wall time, and by CPU time (decide, bundled engine, medians of runs after the warm-up)');
  L.push('');
  L.push('"first" is the shape\'s first decision, before the JIT compiled the code it reaches (in the hook every call is a first call: its own deadline covers that).');
  L.push('');
  L.push(row(['shape', 'bytes', 'wall ms', 'CPU ms (process, all threads)', 'first ms (wall)', 'decision']));
  L.push(row(['---', '---', '---', '---', '---', '---']));
  for (const w of r.search) L.push(row([w.shape, w.bytes, fmt(w.us / 1000), w.cpuUs === undefined ? 'n/a' : fmt(w.cpuUs / 1000), w.firstUs === undefined ? 'n/a' : fmt(w.firstUs / 1000), `${w.behavior}/${w.reason}`]));
  L.push('');
  L.push('### Hook process, end to end (ms per call; one Bash `git status` PreToolUse payload)');
  L.push('');
  L.push('Runs interleaved round-robin, clean environment (PATH, an empty HOME, CLAUDE_PROJECT_DIR). CPU is user + sys from /usr/bin/time (10 ms resolution), mean.');
  L.push('');
  const bare = r.hook[0]!;
  L.push(row(['command', 'wall median', 'wall p90', 'wall min', 'CPU mean', 'runs', 'wall vs bare node', 'added wall ms (median)', 'exit']));
  L.push(row(['---', '---', '---', '---', '---', '---', '---', '---', '---']));
  for (const h of r.hook) {
    L.push(
      row([
        h.name,
        fmt(h.wallMs.median),
        fmt(h.wallMs.p90),
        fmt(h.wallMs.min),
        h.cpuMs ? fmt(h.cpuMs.mean) : 'n/a',
        h.wallMs.n,
        `${fmt(h.wallMs.median / bare.wallMs.median)}×`,
        h === bare ? '–' : fmt(h.wallMs.median - bare.wallMs.median),
        h.exitCodes.join(','),
      ]),
    );
  }
  const ph = r.hookPhases;
  if (Object.keys(ph).length) {
    L.push('');
    L.push(
      `Inside the gatelab hook (medians, ms, GATELAB_HOOK_TIMING=1): Node start to the loader ${fmt(ph.boot ?? NaN)}, reading the file and compiling with the code cache ${fmt(ph.compile ?? NaN)}, module initialisation ${fmt(ph.init ?? NaN)}, the call itself (stdin, policy, decide, stdout) ${fmt(ph.call ?? NaN)}.`,
    );
  }
  L.push('');
  L.push('### Scaling (µs; "default" is the engine as shipped, 64 KiB budget; "raised" is the analyser with budgets lifted)');
  L.push('');
  L.push(row(['shape', ...r.scaling[0]!.sizes.map((x) => kib(Math.max(1024, 2 ** Math.round(Math.log2(x.bytes))))), 'worst growth per 10× (raised)']));
  L.push(row(['---', ...r.scaling[0]!.sizes.map(() => '---'), '---']));
  for (const sc of r.scaling) {
    L.push(row([`${sc.shape} default`, ...sc.sizes.map((x) => `${fmt(x.engineUs)} (${x.verdict})`), '']));
    const worst = Math.max(...sc.growth.filter((g) => g.to / g.from >= 4).map((g) => g.per10x));
    L.push(row([`${sc.shape} raised`, ...sc.sizes.map((x) => `${fmt(x.analyserUs)}${x.analyserIssue !== 'none' ? ` (${x.analyserIssue})` : ''}`), `${fmt(worst)}×`]));
  }
  L.push('');
  L.push(`### lab regress`);
  L.push('');
  const rp = r.regressProcess;
  const cpu = (p: ProcResult) => (p.cpuMs ? `, CPU mean ${fmt(p.cpuMs.mean)}` : '');
  const cases = /^(\d+) cases/.exec(rp.warm.sample)?.[1] ?? '?';
  const state = (label: string, p: ProcResult) => `${label} wall median ${fmt(p.wallMs.median)}, min ${fmt(p.wallMs.min)}${cpu(p)}`;
  const states = [state('cold (no caches: a fresh cache folder, tsx transpile cache off)', rp.cold), ...(rp.changed ? [state('after a source change (the CLI bundle rebuilt, the parsed corpus cached)', rp.changed)] : []), state('warm', rp.warm)];
  const codes = [...new Set([rp.cold, rp.changed, rp.warm].flatMap((p) => p?.exitCodes ?? []))];
  L.push(`\`node lab/bin.mjs regress\` as a new process, ${rp.cold.wallMs.n} runs each, interleaved (ms): ${states.join('; ')}; ${cases} cases; exit ${codes.join(',')}${codes.some((c) => c !== 0) ? ' (exit 1: the corpus had mismatches, from work in progress)' : ''}.`);
  L.push('');
  L.push(`Engine time alone (in process, warm): ${r.regress.cases} cases × ${r.regress.modes} modes = ${r.regress.decisions} decisions (decide, as regress judges each cell; explain only where it reports a trace) in ${fmt(r.regress.totalMs)} ms, ${fmt(r.regress.perDecisionUs)} µs each.`);
  L.push('');
  const a = r.agreement;
  L.push(`### Agreement with cc-safety-net on ${a.cases} corpus Bash commands (gatelab default policy and mode)`);
  L.push('');
  L.push(row(['gatelab \\ cc-safety-net', 'allow (no objection)', 'deny']));
  L.push(row(['---', '---', '---']));
  for (const g of ['allow', 'ask', 'deny']) L.push(row([g, a.matrix[g]?.allow ?? 0, a.matrix[g]?.deny ?? 0]));
  L.push('');
  L.push(`cc-safety-net lets through ${a.gatelabStopsPeerAllows} that gatelab denies (and ${a.gatelabAsksPeerAllows} that gatelab asks about); gatelab allows ${a.peerStopsGatelabAllows} that cc-safety-net denies (and asks about ${a.peerStopsGatelabAsks} more).`);
  return L.join('\n');
}
