// One vitest suite over a list of commands: run each under the oracle, compare with the engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decision } from '../../engine/types.ts';
import { runBatchedUnderOracle } from '../../lab/oracle/batch.ts';
import { disposeOracle, oracleAvailable } from '../../lab/oracle/harness.ts';
import type { OracleResult } from '../../lab/oracle/harness.ts';
import {
  CONTEXT,
  checkCoverage,
  checkSoundness,
  engineView,
  grantedByRule,
  loadEngineApi,
  shellQuote,
  sideBySide,
} from './compare.ts';

export interface SuiteCase {
  id: string;
  command: string;
}

/** bwrap missing or unusable: fail under CI, skip (with the reason) elsewhere. */
export function guardAvailability(name: string): boolean {
  const avail = oracleAvailable();
  if (avail.ok) return true;
  describe(name, () => {
    if (process.env.CI) {
      it('needs a working bubblewrap (CI is set, so this fails)', () => {
        throw new Error(`bash oracle unavailable: ${avail.reason}`);
      });
    } else {
      it.skip(`bash oracle skipped (set CI to make this fail): ${avail.reason}`, () => {});
    }
  });
  return false;
}

export async function defineOracleSuite(name: string, cases: SuiteCase[]): Promise<void> {
  if (!guardAvailability(name)) return;
  const api = await loadEngineApi();
  const coverage = !!(api.analyze && api.normalize);
  const soundness = !!api.engine;
  const stats = { runs: 0, ms: 0, excused: 0, allowsChecked: 0, timedOut: 0 };
  let results: OracleResult[] = [];

  describe(name, () => {
    afterAll(() => {
      const per = stats.runs ? (stats.ms / stats.runs).toFixed(1) : '0';
      console.log(
        `[oracle] ${name}: ${stats.runs} runs in ${stats.ms} ms wall, 2 sandboxes at a time (${per} ms each); ` +
          `${stats.allowsChecked} read-only allows checked; ${stats.excused} unmatched execs excused ` +
          `by a fail-closed answer; ${stats.timedOut} timed out`,
      );
      disposeOracle();
    });
    for (const why of api.broken) it(`engine module loads: ${why.slice(0, 60)}`, () => expect.fail(why));
    const waiting = (part: string) => api.missing.filter((m) => m.includes(part)).join(', ');
    if (!coverage && waiting('shell')) it.skip(`coverage: waiting for ${waiting('shell')}`, () => {});
    if (!soundness && waiting('engine/index')) it.skip(`soundness: waiting for ${waiting('engine/index')}`, () => {});
    if (!coverage && !soundness) return;

    const decideAlone = (argv: string[], mode: 'default' | 'plan' = 'default'): Decision | undefined => {
      try {
        return api.engine?.decide({ tool: 'Bash', input: { command: argv.map(shellQuote).join(' ') } }, { ...CONTEXT, mode });
      } catch {
        return undefined;
      }
    };

    // All sandboxes first (two at a time, many commands per sandbox start), then one test per case compares.
    beforeAll(async () => {
      const t0 = Date.now();
      results = await runBatchedUnderOracle(cases.map((c) => c.command), 2);
      stats.ms = Date.now() - t0;
      stats.runs = results.length;
      stats.timedOut = results.filter((r) => r.timedOut).length;
    }, 900_000);

    cases.forEach(({ id, command }, i) => it(id, () => {
      const oracle = results[i];
      if (!oracle) return expect.fail('the oracle did not run');
      const view = engineView(api, command);
      const problems: string[] = [];
      if (coverage) {
        const cov = checkCoverage(oracle, view);
        problems.push(...cov.problems);
        stats.excused += cov.excused.length;
      } else problems.push(...view.errors);
      if (soundness) {
        if (view.decision?.behavior === 'allow' && !grantedByRule(view.decision, () => view.planDecision)) stats.allowsChecked++;
        problems.push(...checkSoundness(oracle, view, { decideAlone }));
      }
      if (problems.length > 0) expect.fail(`\n${sideBySide(command, oracle, view, problems)}\n`);
    }));
  });
}
