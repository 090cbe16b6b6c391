// `lab corpus lint` and `lab corpus add` (fields as flags, or --json '{…}', or --from c14).
import { join } from 'node:path';
import { lintCorpus } from '../corpus/lint.ts';
import { addCase } from '../corpus/add.ts';
import { formatLintError, type CaseInput } from '../corpus/schema.ts';
import { REPO_ROOT, useNodeHost } from '../node-host.ts';
import { UsageError } from '../ui.ts';

const CORPUS = join(REPO_ROOT, 'corpus');
const LIST_FIELDS = ['detectors', 'notDetectors', 'tags'];
const SCALAR_FIELDS = ['id', 'tool', 'command', 'effect', 'expect', 'allowedBy', 'policy', 'source', 'profile'];

export async function run(flags: Record<string, string | true>, rest: string[]): Promise<number> {
  useNodeHost();
  const [sub] = rest;
  if (sub === 'lint') {
    const errors = await lintCorpus(CORPUS, { rootDir: REPO_ROOT, baselinePath: join(REPO_ROOT, 'checks', 'baseline.json') });
    const hard = errors.filter((e) => e.severity === 'error');
    if (flags.json) process.stdout.write(JSON.stringify({ ok: hard.length === 0, errors }, null, 2) + '\n');
    else {
      for (const e of errors) process.stdout.write(formatLintError(e) + '\n');
      process.stdout.write(hard.length ? `${hard.length} error(s)\n` : 'corpus ok\n');
    }
    return hard.length ? 1 : 0;
  }
  if (sub === 'add') {
    const { family, input } = await caseFrom(flags);
    const r = await addCase({ corpusDir: CORPUS, family, case: input, rootDir: REPO_ROOT });
    process.stdout.write(r.output);
    return r.ok ? 0 : 1;
  }
  throw new UsageError('usage: lab corpus lint [--json] | lab corpus add --family F (--case JSON | --from c14 | --id … --command … --effect … --expect …)');
}

/**
 * A c14 candidate as a corpus case. The candidate is a command with real effects that the naive
 * gate allowed, so a gate must at least ask: `expect: ask` unless `--expect` says more (deny if
 * it must never run). The expectation comes from the effect, never from the engine's answer.
 */
export function caseFromCandidate(cand: { command: string; effect: string }, flags: Record<string, string | true>): { family: string; input: CaseInput } {
  const family = typeof flags.family === 'string' ? flags.family : 'red-team';
  const input: Record<string, unknown> = { id: `${family}-${Date.now().toString(36)}`, source: 'original', tags: ['c14'], expect: 'ask', ...cand };
  for (const k of SCALAR_FIELDS) if (typeof flags[k] === 'string') input[k] = flags[k];
  for (const k of LIST_FIELDS) if (typeof flags[k] === 'string') input[k] = (flags[k] as string).split(',').map((s) => s.trim()).filter(Boolean);
  return { family, input: input as CaseInput };
}

async function caseFrom(flags: Record<string, string | true>): Promise<{ family: string; input: CaseInput }> {
  if (flags.from !== undefined) {
    if (flags.from !== 'c14') throw new UsageError(`--from takes c14 (the red-team candidate), not ${String(flags.from)}`);
    const { c14Candidate } = await import('../challenges/c14.ts');
    const cand = c14Candidate();
    if (!cand) throw new UsageError('no c14 candidate yet: pass c14 first (npx lab run c14)');
    return caseFromCandidate(cand, flags);
  }
  if (typeof flags.family !== 'string') throw new UsageError('lab corpus add needs --family F');
  if (typeof flags.case === 'string') {
    try {
      return { family: flags.family, input: JSON.parse(flags.case) as CaseInput };
    } catch (e) {
      throw new UsageError(`--case is not valid JSON: ${(e as Error).message}`);
    }
  }
  const input: Record<string, unknown> = {};
  for (const k of SCALAR_FIELDS) if (typeof flags[k] === 'string') input[k] = flags[k];
  for (const k of LIST_FIELDS) if (typeof flags[k] === 'string') input[k] = (flags[k] as string).split(',').map((s) => s.trim()).filter(Boolean);
  if (flags.immune === true) input.immune = true;
  return { family: flags.family, input: input as CaseInput };
}
