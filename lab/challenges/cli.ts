// Helpers the lab verbs share: challenge ids, loading a check, running it and recording progress.
import { UsageError } from '../ui.ts';
import { REPO_ROOT } from '../node-host.ts';
import { challengeIds, loadCheck, CheckError, type LoadedCheck } from './check.ts';
import { runCheck, type CheckResult, type RunOptions } from './runner.ts';
import { updateState, challenge } from './state.ts';

/** Where the lab lives; tests point LAB_ROOT at a temp copy. */
export function labRoot(): string {
  return process.env.LAB_ROOT || REPO_ROOT;
}

/** `c1`, `C1`, `1` → `c1`; a usage error for anything else. */
export function challengeArg(arg: string | undefined, root = labRoot()): string {
  if (!arg) throw new UsageError('which challenge? e.g. c1 (lab list shows them all)');
  const id = /^\d+$/.test(arg) ? `c${arg}` : arg.toLowerCase();
  if (!challengeIds(root).includes(id)) throw new UsageError(`no challenge "${arg}" (lab list shows them all)`);
  return id;
}

export function loadCheckOrUsage(id: string, root = labRoot()): LoadedCheck {
  try {
    return loadCheck(id, root);
  } catch (e) {
    if (e instanceof CheckError) throw new UsageError(`invalid check: ${e.message}`);
    throw e;
  }
}

/** Run a check and record the attempt (and a pass) in the progress file. */
export async function runAndRecord(check: LoadedCheck, opts: RunOptions = { root: labRoot() }): Promise<CheckResult> {
  const r = await runCheck(check, opts);
  updateState(opts.root, (s) => {
    const e = challenge(s, check.id);
    e.attempts++;
    if (r.pass && !e.passedAt) e.passedAt = new Date().toISOString();
  });
  return r;
}
