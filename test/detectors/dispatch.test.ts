// Dispatch by `concerns`: a detector is skipped where it could not fire, never where it would.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DETECTORS } from '../../engine/detectors/index.ts';
import { baseContext, ctxFor, invocationContext } from '../../engine/detectors/util.ts';
import { detectorIndex, dispatchTable, runsOn, selectedDetectors } from '../../engine/pipeline/detectors.ts';
import { effectsOf, kindMask, newScope } from '../../engine/effects/index.ts';
import { loadCorpus } from '../../lab/corpus/schema.ts';
import { CWD, HOME, invocations, inv1 } from './helpers.ts';

const base = baseContext(CWD, HOME, [CWD]);

function contexts(cmd: string) {
  const { ex, invocations: list } = invocations(cmd);
  const scope = newScope({ home: HOME, workspace: [CWD], cwd: CWD }, ex);
  return list.map((inv) => {
    const effects = effectsOf(inv, scope);
    return { inv, effects, ctx: invocationContext(base, inv, effects, scope) };
  });
}

describe('runsOn', () => {
  const entry = (c: { effects?: string[]; programs?: string[]; via?: string[] }) =>
    dispatchTable([{ meta: DETECTORS[0]!.meta, concerns: c as never, check: () => [] }])[0]!;

  it('programs match the name or the part before the first dot', () => {
    const x = entry({ programs: ['mkfs'] });
    expect(runsOn(x, 0, inv1('mkfs.ext4 /dev/sda1'))).toBe(true);
    expect(runsOn(x, 0, inv1('mkfs /dev/sda1'))).toBe(true);
    expect(runsOn(x, 0, inv1('mkfsx /dev/sda1'))).toBe(false);
  });

  it('via matches the first word of a wrapper step', () => {
    const x = entry({ via: ['sudo'] });
    expect(runsOn(x, 0, inv1('sudo -u root rm x'))).toBe(true);
    expect(runsOn(x, 0, inv1('rm x'))).toBe(false);
  });
});

describe('ctxFor on the pipeline context', () => {
  it('is the invocation context itself without a chdir, and one derived context with one', () => {
    const [plain] = contexts('rm -rf build');
    expect(ctxFor(plain!.inv, plain!.ctx)).toBe(plain!.ctx);
    const moved = contexts('cd sub && rm -rf build').find((c) => c.inv.name === 'rm')!;
    const d = ctxFor(moved.inv, moved.ctx);
    expect(d).not.toBe(moved.ctx);
    expect(d.cwd).toBe(CWD + '/sub');
    expect(ctxFor(moved.inv, moved.ctx)).toBe(d);
  });
});

describe('every built-in detector is dispatched wherever it fires', () => {
  const { cases } = loadCorpus(join(import.meta.dirname, '..', '..', 'corpus'));
  const commands = new Set<string>();
  for (const c of cases) if (c.case.tool === 'Bash' && c.command !== undefined && c.command.length < 4096) commands.add(c.command);
  for (const d of DETECTORS) for (const ex of d.meta.examples.bad) commands.add(ex);
  const table = dispatchTable(DETECTORS);

  it(`over ${commands.size} corpus and example commands`, () => {
    const missed: string[] = [];
    for (const cmd of commands) {
      for (const { inv, effects, ctx } of contexts(cmd)) {
        const mask = kindMask(effects);
        DETECTORS.forEach((d, k) => {
          const x = table[k];
          if (x === null || runsOn(x, mask, inv)) return;
          if (d.check(inv, ctx).length) missed.push(`${d.meta.id}: ${cmd}`);
        });
      }
    }
    expect(missed).toEqual([]);
  });

  it('the bit index picks exactly the detectors runsOn lets run', () => {
    const ix = detectorIndex(DETECTORS)!;
    expect(ix).not.toBeNull();
    const wrong: string[] = [];
    for (const cmd of commands) {
      for (const { inv, effects } of contexts(cmd)) {
        const mask = kindMask(effects);
        const bits = selectedDetectors(ix, mask, inv);
        DETECTORS.forEach((d, k) => {
          const x = table[k];
          if ((x === null || runsOn(x, mask, inv)) !== ((bits & (1 << k)) !== 0)) wrong.push(`${d.meta.id}: ${cmd}`);
        });
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('detectorIndex', () => {
  it('is null for a list longer than 31 (the pipeline then asks runsOn per detector)', () => {
    const many = Array.from({ length: 32 }, () => DETECTORS[0]!);
    expect(detectorIndex(many)).toBeNull();
  });
});
