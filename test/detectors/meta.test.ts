import { describe, expect, it } from 'vitest';
import { DETECTORS, detectorById } from '../../engine/detectors/index.ts';
import { run } from './helpers.ts';

const IDS = [
  'rm-critical-path', 'disk-destroy', 'fork-bomb', 'recursive-perms-root', 'remote-code-exec', 'exfiltration', 'git-destructive',
  'protected-path-write', 'credential-read', 'persistence', 'privilege', 'env-override', 'dynamic-command', 'decoder-exec',
  'hidden-characters', 'homoglyph', 'opaque-payload',
];

describe('detector registry', () => {
  it('has every fixed id, once', () => {
    expect(DETECTORS.map((d) => d.meta.id)).toEqual(IDS);
    for (const id of IDS) expect(detectorById(id)?.meta.id).toBe(id);
    expect(detectorById('nope')).toBeUndefined();
  });
  it('meta is complete', () => {
    for (const d of DETECTORS) {
      expect(d.meta.examples.bad.length, d.meta.id).toBeGreaterThanOrEqual(3);
      expect(d.meta.examples.good.length, d.meta.id).toBeGreaterThanOrEqual(2);
      expect(d.meta.title && d.meta.rationale, d.meta.id).toBeTruthy();
    }
  });
  it('fixed behaviours and safety classes', () => {
    const deny = ['rm-critical-path', 'disk-destroy', 'fork-bomb', 'recursive-perms-root', 'remote-code-exec', 'git-destructive'];
    for (const d of DETECTORS) expect(d.meta.behaviour, d.meta.id).toBe(deny.includes(d.meta.id) ? 'deny' : 'ask');
    expect(detectorById('rm-critical-path')!.meta.safety).toBe('criticalRemoval');
    expect(detectorById('protected-path-write')!.meta.safety).toBe('protectedWrite');
    expect(detectorById('credential-read')!.meta.safety).toBe('credentialRead');
    expect(detectorById('dynamic-command')!.meta.safety).toBe('unanalysable');
  });
});

describe('meta examples: bad fire, good do not', () => {
  for (const d of DETECTORS) {
    for (const cmd of d.meta.examples.bad) {
      it(`${d.meta.id} fires: ${JSON.stringify(cmd)}`, () => {
        const f = run(d, cmd);
        expect(f.length).toBeGreaterThan(0);
        for (const x of f) {
          expect(x.detector).toBe(d.meta.id);
          expect(x.family).toBe(d.meta.family);
          expect(x.message.length).toBeGreaterThan(0);
          expect(x.span!.end).toBeLessThanOrEqual(cmd.length);
        }
      });
    }
    for (const cmd of d.meta.examples.good) {
      it(`${d.meta.id} quiet: ${JSON.stringify(cmd)}`, () => expect(run(d, cmd)).toEqual([]));
    }
  }
});
