// One-table questions about a canonical absolute path (the older, narrower API; classify.ts
// answers all of them at once and also handles dynamic words).
import { PathTable, literalShape, type Seg } from './table.ts';
import { CREDENTIAL_ROWS } from './credentials.ts';
import { PROTECTED_ROWS, GATE_CONFIG_ROWS, PERSISTENCE_ROWS } from './protected.ts';
import { CRITICAL_ROWS } from './critical.ts';
import { DEVICE_ROWS } from './devices.ts';

const credential = new PathTable(CREDENTIAL_ROWS);
const protectedT = new PathTable([...PROTECTED_ROWS, ...GATE_CONFIG_ROWS]);
const persistence = new PathTable(PERSISTENCE_ROWS);
const critical = new PathTable(CRITICAL_ROWS);
const device = new PathTable(DEVICE_ROWS);

const shape = (p: string): Seg[] => literalShape(p.toLowerCase());

/** The lower-case segments of the last home asked about. */
let lastHome: string | null = null;
let homeLow: string[] = [];

function homes(sh: Seg[], home: string): number[] {
  const out: number[] = [];
  const a = sh[0]?.lit;
  if ((a === 'home' || a === 'users') && sh.length >= 2) out.push(2);
  else if (a === 'root') out.push(1);
  else if (a === 'var' && sh[1]?.lit === 'root') out.push(2);
  if (home !== lastHome) {
    homeLow = home.toLowerCase().split('/').filter((s) => s !== '');
    lastHome = home;
  }
  const h = homeLow;
  if (h.length > 0 && h.length <= sh.length && h.every((s, i) => sh[i]!.lit === s) && !out.includes(h.length)) out.push(h.length);
  return out;
}

function ask(t: PathTable, p: string, home: string): string | null {
  const sh = shape(p);
  return t.match(sh, homes(sh, home), true)?.row.why ?? null;
}

/** Why reading a path exposes credentials, or null. `p` is absolute and normalised. */
export function credentialReason(p: string, home: string): string | null {
  return ask(credential, p, home);
}

/** Why writing a path is a protected write (contract §6 and the gate's own config), or null. */
export function protectedReason(p: string, home: string): string | null {
  return ask(protectedT, p, home);
}

/** Why a write there makes code run later (start-up files, schedulers, services, hooks), or null. */
export function persistenceReason(p: string, home: string): string | null {
  return ask(persistence, p, home);
}

/** Why removing a path is catastrophic (table rows only: no workspace), or null. */
export function criticalReason(p: string, home: string): string | null {
  const sh = shape(p);
  if (sh.length === 0) return 'the root directory';
  const hs = homes(sh, home);
  if (hs.includes(sh.length)) return 'a home directory';
  return critical.match(sh, hs, true)?.row.why ?? null;
}

/** Why writing a path writes a device, or null. */
export function deviceReason(p: string, home: string): string | null {
  return ask(device, p, home);
}

export function isProtected(p: string, home: string): boolean {
  return protectedReason(p, home) !== null;
}

export function isCredential(p: string, home: string): boolean {
  return credentialReason(p, home) !== null;
}
