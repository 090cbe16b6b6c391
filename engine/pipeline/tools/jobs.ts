// Background jobs the same call waits for: `sleep 1 & wait`, `for …; do job & done; wait`.
import type { Extraction, SimpleCommand } from '../../shell/types.ts';

const SUBSHELLS = new Set(['subshell', 'cmdsub', 'procsub']);

/**
 * True when a later bare `wait` in the same shell (not in a subshell the job is outside of, not
 * skipped by && / || or a branch) waits for this background job, so it ends within the call.
 */
export function waitedFor(job: SimpleCommand, ex: Extraction): boolean {
  if (!job.background) return false;
  for (const sc of ex.commands) {
    if (sc.span.start < job.span.end || sc.background || sc.conditional || sc.pipe) continue;
    const w = sc.argv[0];
    if (!w || !w.static || w.value !== 'wait' || sc.argv.length !== 1) continue;
    // the wait's shell must be the job's: its context a prefix of the job's, with no subshell below it
    const n = sc.context.length;
    if (n > job.context.length) continue;
    let same = true;
    for (let i = 0; i < n && same; i++) {
      const a = sc.context[i]!;
      const b = job.context[i]!;
      same = a.kind === b.kind && a.span.start === b.span.start && a.span.end === b.span.end;
    }
    if (!same || sc.context.some((e) => SUBSHELLS.has(e.kind))) continue;
    if (job.context.slice(n).some((e) => SUBSHELLS.has(e.kind) || e.kind === 'function' || e.kind === 'trap' || e.kind === 'hook')) continue;
    return true;
  }
  return false;
}
