import { describe, it, expect, vi, afterEach } from 'vitest';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScreenReplay, replayScreens, parseRecord, type ScreenRecord } from '../../lab/commands/screen.ts';
import { screenResult, referenceClassifier } from '../../engine/screen/index.ts';

const FIXTURE = 'checks/fixtures/screens.jsonl';
const records = readFileSync(FIXTURE, 'utf8').trim().split('\n').map((l) => parseRecord(l) as ScreenRecord);

afterEach(() => vi.restoreAllMocks());

function capture(fn: () => number): { code: number; out: string } {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a) => void lines.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a) => void lines.push(a.join(' ')));
  const code = fn();
  return { code, out: lines.join('\n') };
}

describe('the screens fixture', () => {
  it('holds at least 200 well-formed, varied records', () => {
    expect(records.length).toBeGreaterThanOrEqual(200);
    expect(records.every((r) => typeof r === 'object')).toBe(true);
    const kinds = new Set(records.map((r) => r.kind));
    for (const k of ['first-party-doc', 'repo-file', 'control-plane', 'injection', 'credential', 'shell-read', 'external-benign']) expect(kinds.has(k)).toBe(true);
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
  });

  it('every recorded injection is quarantined, and no first-party content is', () => {
    for (const r of records) {
      const out = screenResult({ tool: r.tool, output: r.output, meta: r.meta }, referenceClassifier);
      if (r.kind === 'injection' || r.kind === 'credential') expect(out.quarantined, r.id).toBe(true);
      if (r.kind === 'first-party-doc' || r.kind === 'repo-file' || r.kind === 'control-plane') expect(out.quarantined, r.id).toBe(false);
    }
  });
});

describe('screen replay', () => {
  it('reports before/after counts, newly flagged items and calls saved', () => {
    const rep = replayScreens(records);
    expect(rep.before.quarantined + rep.before.allowed).toBe(records.length);
    expect(rep.after.quarantined + rep.after.allowed).toBe(records.length);
    expect(rep.after.quarantined).toBeLessThan(rep.before.quarantined);
    expect(rep.saved).toBe(rep.before.calls - rep.after.calls);
    expect(rep.saved).toBeGreaterThan(0);
    // Only the injections buried past the old payload cap are newly flagged.
    expect(rep.newlyFlagged.length).toBeGreaterThan(0);
    for (const n of rep.newlyFlagged) expect(records.find((r) => r.id === n.id)!.kind).toBe('injection');
  });

  it('prints the table and exits 0', () => {
    const { code, out } = capture(() => runScreenReplay(FIXTURE, { json: false }));
    expect(code).toBe(0);
    expect(out).toMatch(/quarantined\s+\d+\s+\d+/);
    expect(out).toMatch(/classifier calls\s+\d+\s+\d+\s+saved \d+/);
    expect(out).toMatch(/newly flagged \(allowed before, quarantined now\): \d+/);
  });

  it('prints JSON with --json', () => {
    const { code, out } = capture(() => runScreenReplay(FIXTURE, { json: true }));
    expect(code).toBe(0);
    const j = JSON.parse(out);
    expect(j.records).toBe(records.length);
    expect(j.after.calls).toBeLessThan(j.before.calls);
  });

  it('exits 1 on malformed lines and 2 on a missing or empty file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'screens-'));
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, JSON.stringify(records[0]) + '\n{nope\n{"id":"x","tool":"Bash"}\n');
    expect(capture(() => runScreenReplay(bad, { json: false })).code).toBe(1);
    expect(capture(() => runScreenReplay(join(dir, 'missing.jsonl'), { json: false })).code).toBe(2);
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '\n');
    expect(capture(() => runScreenReplay(empty, { json: true })).code).toBe(2);
  });
});
