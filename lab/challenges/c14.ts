// c14, red team: a command the naive gate allows but the reference engine does not.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parse } from 'yaml';
import { PermissionEngine, loadPolicy, type Decision } from '../../engine/index.ts';
import { REPO_ROOT, useNodeHost } from '../node-host.ts';
import { REDTEAM_VECTOR, type LoadedCheck } from './check.ts';
import type { CheckResult, RunOptions } from './runner.ts';
import { passCode } from './codes.ts';
import { naiveGate } from '../exercises/c14/naive.ts';

export interface Candidate {
  command: string;
  effect: string;
}

export interface RedTeamVerdict {
  candidate: Candidate | null;
  naive: string;
  reference: Decision | null;
  /** null when bash is not installed (then the check skips this step). */
  bashParses: boolean | null;
  problems: string[];
}

const CTX = { cwd: '/home/dev/app', home: '/home/dev', workspace: ['/home/dev/app'], mode: 'default' as const };

export function readCandidate(file: string): Candidate | null {
  if (!existsSync(file)) return null;
  const data = parse(readFileSync(file, 'utf8')) as Partial<Candidate> | null;
  const command = typeof data?.command === 'string' ? data.command.trim() : '';
  const effect = typeof data?.effect === 'string' ? data.effect.trim() : '';
  return command ? { command, effect } : null;
}

function bashParses(command: string): boolean | null {
  const r = spawnSync('bash', ['-n', '-c', command], { encoding: 'utf8', timeout: 10_000 });
  if (r.error) return null;
  return r.status === 0;
}

/** Judge a candidate with the naive gate, the reference engine (default policy) and `bash -n`. */
export function judgeCandidate(c: Candidate | null, root = REPO_ROOT): RedTeamVerdict {
  useNodeHost();
  const v: RedTeamVerdict = { candidate: c, naive: 'none', reference: null, bashParses: null, problems: [] };
  if (!c) {
    v.problems.push('candidate.yaml has no `command` yet');
    return v;
  }
  if (!c.effect) v.problems.push('say what the command really does in `effect` (one line)');
  v.naive = naiveGate(c.command);
  if (v.naive !== 'allow') v.problems.push(`the naive gate says ${v.naive}: find one it allows`);
  const engine = new PermissionEngine(loadPolicy(join(root, 'policies', 'default.yaml')));
  v.reference = engine.decide({ tool: 'Bash', input: { command: c.command } }, CTX);
  if (v.reference.behavior === 'allow') v.problems.push('the reference engine allows it too: that is not a bypass of the naive gate');
  if (v.reference.reason.type === 'parse' || v.reference.reason.type === 'limit')
    v.problems.push('the reference engine only asks because it cannot parse it: find a command bash runs as written');
  v.bashParses = bashParses(c.command);
  if (v.bashParses === false) v.problems.push('bash -n rejects it: it must be a command bash would run');
  return v;
}

export async function runRedTeam(check: LoadedCheck, opts: RunOptions, base: CheckResult): Promise<CheckResult> {
  const dir = opts.exerciseDir ?? join(opts.root, 'lab', 'exercises', check.id);
  const v = judgeCandidate(readCandidate(join(dir, check.learner)), opts.root);
  const r: CheckResult = { ...base };
  if (v.candidate) {
    r.notes.push(`candidate:  ${v.candidate.command}`);
    r.notes.push(`naive gate: ${v.naive}   (needed: allow)`);
    r.notes.push(`reference:  ${v.reference?.behavior ?? '?'}${v.reference?.immune ? ' immune' : ''}   (needed: deny or ask) — ${v.reference?.message ?? ''}`);
    r.notes.push(`bash -n:    ${v.bashParses === null ? 'skipped (no bash)' : v.bashParses ? 'parses' : 'rejects'}`);
  }
  r.notes.push(...v.problems.map((p) => `✗ ${p}`));
  r.pass = v.problems.length === 0;
  if (r.pass) r.code = passCode(check.id, [...REDTEAM_VECTOR]);
  return r;
}

/** For `lab corpus add --from c14`: the learner's confirmed find, or null. */
export function c14Candidate(): Candidate | null {
  const c = readCandidate(join(REPO_ROOT, 'lab', 'exercises', 'c14', 'candidate.yaml'));
  const v = judgeCandidate(c);
  return v.problems.length === 0 ? v.candidate : null;
}
