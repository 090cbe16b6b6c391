// The path tables are data: every row is well-formed, lower case (matching ignores case), and
// says why it is there.
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_ROWS, PROTECTED_ROWS, GATE_CONFIG_ROWS, PERSISTENCE_ROWS, CRITICAL_ROWS, DEVICE_ROWS, HARMLESS_DEVICE_ROWS, type Row } from '../../engine/paths/index.ts';

const TABLES: [string, readonly Row[]][] = [
  ['credential', CREDENTIAL_ROWS],
  ['protected', PROTECTED_ROWS],
  ['gate-config', GATE_CONFIG_ROWS],
  ['persistence', PERSISTENCE_ROWS],
  ['critical', CRITICAL_ROWS],
  ['device', DEVICE_ROWS],
  ['harmless', HARMLESS_DEVICE_ROWS],
];

describe.each(TABLES)('%s rows', (_name, rows) => {
  it('are lower case, unique, and each has a reason', () => {
    const seen = new Set<string>();
    for (const r of rows) {
      expect(r.pat, r.pat).toBe(r.pat.toLowerCase());
      expect(r.why.length, r.pat).toBeGreaterThan(0);
      expect(seen.has(r.pat), `duplicate ${r.pat}`).toBe(false);
      seen.add(r.pat);
      expect(r.pat.includes('//'), r.pat).toBe(false);
      for (const e of r.except ?? []) expect(e.startsWith('*') || !e.includes('*'), e).toBe(true);
    }
  });
});

it('critical rows name folders, not their contents', () => {
  for (const r of CRITICAL_ROWS) expect(r.pat.endsWith('/'), r.pat).toBe(false);
});
