// A judge that replays recorded replies, for tests. Replies are returned as recorded, malformed
// ones included, so tests can drive every fail-closed path. No record → a timeout.
import type { Judge, JudgeReply, JudgeTurnInput } from './types.ts';

export interface JudgeFixtureRecord {
  /** Matches the packet's command or hash; absent matches any packet. */
  match?: string;
  /** Reply for turn 1, then turn 2. */
  replies: unknown[];
}

export function fixtureJudge(records: readonly JudgeFixtureRecord[]): Judge & { calls: JudgeTurnInput[] } {
  const calls: JudgeTurnInput[] = [];
  return {
    name: 'fixture',
    calls,
    turn(input: JudgeTurnInput): JudgeReply {
      calls.push(input);
      const rec = records.find((r) => r.match === undefined || r.match === input.packet.command || r.match === input.packet.hash);
      const reply = rec?.replies[input.turn - 1];
      return (reply === undefined ? { type: 'timeout' } : reply) as JudgeReply;
    },
  };
}
