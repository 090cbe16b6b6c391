// CPU profile of decide over every corpus command × every mode, on the engine bundled by esbuild
// (as the hook ships it), through the public engine API only.
//   npx tsx lab/bench/profile.ts [--rounds N] [--max-bytes B] [--out DIR]
// --max-bytes keeps only commands up to B bytes (the typical command, which sets the median);
// --analyser profiles the shell analyser alone (analyze) instead of decide.
// Writes the commands to DIR/inputs.json, bundles lab/bench/profile-driver.ts, runs it under
// `node --cpu-prof`, then prints the top functions by self and by inclusive time
// (lab/bench/cpuprofile.ts reads the .cpuprofile).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODES } from '../../engine/index.ts';
import { REPO_ROOT } from '../node-host.ts';
import { loadCorpus } from '../corpus/schema.ts';
import { caseCall } from '../corpus/run.ts';
import { readProfile, topFunctions, formatTop } from './cpuprofile.ts';
import { bundleForNode } from './bundle.ts';

const args = process.argv.slice(2);
const value = (n: string) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const rounds = Number(value('--rounds') ?? 5);
const dir = value('--out') ?? join(REPO_ROOT, 'test-results', 'profile');
mkdirSync(dir, { recursive: true });

const { cases } = loadCorpus(join(REPO_ROOT, 'corpus'));
const maxBytes = Number(value('--max-bytes') ?? Infinity);
const calls = cases.filter((c) => c.case.tool === 'Bash' && (c.command ?? '').length <= maxBytes).map(caseCall);
writeFileSync(join(dir, 'inputs.json'), JSON.stringify({ calls, modes: MODES.map((m) => m.mode), rounds, analyser: args.includes('--analyser') }));

const outfile = join(dir, 'driver.mjs');
await bundleForNode(join('lab', 'bench', 'profile-driver.ts'), outfile, ['re2']);
for (const f of readdirSync(dir)) if (f.endsWith('.cpuprofile')) writeFileSync(join(dir, f), '');
const p = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '100', outfile, join(dir, 'inputs.json'), join(REPO_ROOT, 'policies', 'default.yaml')], {
  encoding: 'utf8',
  env: { ...process.env, NODE_PATH: join(REPO_ROOT, 'node_modules') },
  cwd: REPO_ROOT,
});
process.stderr.write(p.stderr);
process.stdout.write(p.stdout);
const prof = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => join(dir, f))
  .find((f) => statSync(f).size > 0);
if (!prof) throw new Error('profile: no .cpuprofile written');
const top = topFunctions(readProfile(prof));
console.log(`profile: ${prof}`);
console.log(formatTop(top, Number(value('--top') ?? 25)).join('\n'));
