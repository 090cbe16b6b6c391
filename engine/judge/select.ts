// The judge a policy names: reference (deterministic, the default), fixture (recorded replies,
// for tests) or command (an external program, run through the host's JudgePort).
import type { Judge, JudgePort, JudgeSpec } from './types.ts';
import { referenceJudge } from './reference.ts';
import { fixtureJudge } from './fixture.ts';
import { commandJudge } from './command.ts';
import { JUDGE_DEADLINE_MS } from './runner.ts';

/** A judge that cannot be built: every review fails closed with the reason. */
function unavailable(reason: string): Judge {
  return { name: 'unavailable', turn: () => { throw new Error(reason); } };
}

export function judgeFromSpec(spec: JudgeSpec | undefined, port?: JudgePort): Judge {
  if (!spec || spec.kind === 'reference') return referenceJudge;
  if (spec.kind === 'fixture') return fixtureJudge(spec.records);
  if (!port) return unavailable('the policy names a command judge but this host cannot run programs');
  return commandJudge(spec.argv, port, spec.deadlineMs ?? JUDGE_DEADLINE_MS);
}
