// c19 (through the client): the learner's `forClient(decision, row)` (row: the decision's mode row) says what the hook answers Claude
// Code. Each case gives an engine decision; the answer is labelled `allow`, `ask`, `deny`, or
// `guided`: a deny that keeps the decision's reason and names a mode in which a person can approve
// the call (one whose row shows the client's prompt and lets asks reach a person).
import { MODES, modeRow, type Decision, type ModeRow } from '../../engine/index.ts';
import type { CheckCase } from './check.ts';
import type { Labeller } from './seeds.ts';

/** Modes in which a hook's ask reaches a person. */
const ASKING = MODES.filter((m) => m.clientShowsAsk && m.ask !== 'deny').map((m) => m.mode);

export function clientLabeller(mod: Record<string, unknown>): Labeller {
  const fn = mod.forClient;
  if (typeof fn !== 'function') throw new Error('your module must export `forClient(decision, row)`');
  return (c: CheckCase) => {
    const d = c.decision!;
    const input = { behavior: d.behavior, immune: d.immune, mode: d.mode, message: d.message, silenced: false, findings: [] } as unknown as Decision;
    const out = (fn as (d: Decision, row: ModeRow) => unknown)(input, { ...modeRow(d.mode)! }) as { behavior?: unknown; message?: unknown } | null;
    if (!out || !['allow', 'deny', 'ask'].includes(out.behavior as string)) return { label: 'bad', detail: `forClient returned ${JSON.stringify(out?.behavior)} (want allow, deny or ask)` };
    const msg = typeof out.message === 'string' ? out.message : '';
    if (out.behavior !== 'deny' || msg === d.message) return { label: out.behavior as string, detail: `answered ${out.behavior}` };
    const keeps = msg.includes(d.message);
    const names = ASKING.filter((m) => new RegExp(`\\b${m}\\b`).test(msg));
    if (keeps && names.length) return { label: 'guided', detail: `deny that keeps the reason and names ${names.join(', ')}` };
    return { label: 'deny', detail: `deny${keeps ? '' : ' that drops the reason'}${names.length ? '' : ' naming no mode where a person can approve'}` };
  };
}
