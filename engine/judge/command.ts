// A judge that is an external program (a model wrapper, a script). Each turn it gets
// `{ turn, packet, inspection? }` as JSON on stdin and answers one JSON reply on stdout.
// The engine does no I/O: the host injects the port that runs the program.
import type { Judge, JudgePort, JudgeReply, JudgeTurnInput } from './types.ts';

/** A reply the runner rejects as malformed (so the review fails closed). */
const MALFORMED = { type: 'malformed' } as unknown as JudgeReply;

export function commandJudge(argv: readonly string[], port: JudgePort, timeoutMs: number): Judge {
  return {
    name: 'command',
    async: true,
    async turn(input: JudgeTurnInput): Promise<JudgeReply> {
      const res = await port({ argv, stdin: JSON.stringify(input) + '\n', timeoutMs });
      if (res.code !== 0) return MALFORMED;
      try {
        return JSON.parse(res.stdout) as JudgeReply;
      } catch {
        return MALFORMED;
      }
    },
  };
}
