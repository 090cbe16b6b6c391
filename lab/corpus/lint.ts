// `lab corpus lint`: schema, unique ids, `bash -n`, detector coverage, corpus size and the family
// counts of checks/baseline.json, each error with file:line:column.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { builtinDetectors, MODE_NAMES } from '../../engine/index.ts';
import { loadCorpus } from './schema.ts';
import type { LintError, LoadedCase } from './schema.ts';


export interface LintOptions {
  /** Skip the `bash -n` check (no bash on the machine, or a quick run). */
  skipBash?: boolean;
  bashPath?: string;
  /** Detector ids; default: engine/detectors/index.ts DETECTORS, else FALLBACK_DETECTOR_IDS. */
  detectorIds?: readonly string[];
  /** Mode names accepted as `modes:` keys. */
  modeNames?: readonly string[];
  /** Repo root for `policy:` paths (default: the corpus dir's parent). */
  rootDir?: string;
  /** Only report per-case errors for these ids (corpus-wide checks are skipped). */
  onlyIds?: readonly string[];
  minCasesPerFamily?: number; // 30
  minTotal?: number; // 1000
  minFamilies?: number; // 17
  minEverydayShare?: number; // 0.25
  everydayFamily?: string; // 'everyday'
  minDetectorCases?: number; // 3
  minNotDetectorCases?: number; // 2
  /**
   * checks/baseline.json: a family it counts that is gone or empty now is an error (a deleted
   * or emptied family file would otherwise lint clean); a new family or a smaller one is a warning.
   */
  baselinePath?: string;
}

/** Case count per family in a baseline (its default-mode totals), or an error text. */
export function baselineFamilies(path: string): Map<string, number> | string {
  let data: { families?: Record<string, Record<string, Record<string, number>>> };
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return `cannot read the baseline: ${(e as Error).message}`;
  }
  const out = new Map<string, number>();
  for (const [family, modes] of Object.entries(data?.families ?? {})) {
    const m = modes?.default ?? Object.values(modes ?? {})[0];
    out.set(family, (m?.allow ?? 0) + (m?.deny ?? 0) + (m?.ask ?? 0));
  }
  return out;
}

/** Detector ids: the engine's built-ins. */
export async function loadDetectorIds(): Promise<string[]> {
  return builtinDetectors().map((d) => d.meta.id);
}

const BASH_DRIVER = `
f="$1"; i=0
while IFS= read -r -d '' c; do
  printf '%s' "$c" > "$f"
  if ! out=$(LC_ALL=C bash -n "$f" 2>&1); then
    out=\${out//"$f": /}; out=\${out//$'\\n'/ | }
    printf '%s\\t%s\\0' "$i" "$out"
  fi
  i=$((i+1))
done
`;

/** Run `bash -n` over many commands with one driver process; returns index → error text. */
export function bashSyntaxErrors(commands: readonly string[], bashPath = 'bash'): Map<number, string> {
  const result = new Map<number, string>();
  if (commands.length === 0) return result;
  const dir = mkdtempSync(join(tmpdir(), 'gatelab-lint-'));
  try {
    const input = commands.map((c) => c + '\0').join('');
    const r = spawnSync(bashPath, ['-c', BASH_DRIVER, 'lint', join(dir, 'cmd.sh')], {
      input,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (r.error) throw r.error;
    for (const rec of r.stdout.split('\0')) {
      if (!rec) continue;
      const tab = rec.indexOf('\t');
      result.set(Number(rec.slice(0, tab)), rec.slice(tab + 1).trim() || 'syntax error');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

function at(lc: LoadedCase, field: string, message: string, severity: LintError['severity'] = 'error'): LintError {
  const p = lc.fields[field] ?? { line: lc.line, column: lc.column };
  return { file: lc.file, line: p.line, column: p.column, field, id: lc.case.id, message, severity };
}

/** Lint a corpus directory. Returns every error and warning (empty = clean). */
export async function lintCorpus(dir: string, opts: LintOptions = {}): Promise<LintError[]> {
  const { cases, errors } = loadCorpus(dir);
  const detectorIds = new Set(opts.detectorIds ?? (await loadDetectorIds()));
  const modeNames = new Set<string>(opts.modeNames ?? MODE_NAMES);
  const root = opts.rootDir ?? dirname(resolve(dir));
  const only = opts.onlyIds ? new Set(opts.onlyIds) : null;
  const mine = (lc: LoadedCase) => !only || only.has(lc.case.id);

  // Unique ids.
  const seen = new Map<string, LoadedCase>();
  for (const lc of cases) {
    const first = seen.get(lc.case.id);
    if (first && (mine(lc) || mine(first)))
      errors.push(at(lc, 'id', `duplicate id (first at ${first.file}:${first.line})`));
    else if (!first) seen.set(lc.case.id, lc);
  }

  // Per-case checks.
  const bashCases: LoadedCase[] = [];
  for (const lc of cases) {
    if (!mine(lc)) continue;
    const c = lc.case;
    for (const field of ['detectors', 'notDetectors'] as const)
      c[field].forEach((d) => {
        if (!detectorIds.has(d) && !d.startsWith('strix-')) errors.push(at(lc, field, `unknown detector id ${d}`));
      });
    for (const m of Object.keys(c.modes ?? {}))
      if (!modeNames.has(m)) errors.push(at(lc, 'modes', `unknown mode ${m}`));
    if (c.policy !== undefined && !existsSync(resolve(root, c.policy)))
      errors.push(at(lc, 'policy', `policy file not found: ${c.policy}`));
    if (lc.command !== undefined && !c.tags.includes('no-bash-n')) {
      if (lc.command.includes('\0')) errors.push(at(lc, 'command', 'command holds a NUL byte; tag it no-bash-n'));
      else bashCases.push(lc);
    }
  }
  if (!opts.skipBash && bashCases.length) {
    const bad = bashSyntaxErrors(bashCases.map((lc) => lc.command as string), opts.bashPath);
    for (const [i, msg] of bad) {
      const lc = bashCases[i];
      errors.push(at(lc, lc.case.repeat ? 'repeat' : 'command', `bash -n fails (tag no-bash-n if meant): ${msg}`));
    }
  }
  if (only) return sortErrors(errors);

  // Corpus-wide checks.
  const corpusPos = { file: dir, line: 1, column: 1, severity: 'error' as const };
  const byFamily = new Map<string, LoadedCase[]>();
  for (const lc of cases) byFamily.set(lc.family, [...(byFamily.get(lc.family) ?? []), lc]);
  const minFam = opts.minCasesPerFamily ?? 30;
  for (const [family, list] of byFamily)
    if (list.length < minFam)
      errors.push({ file: list[0].file, line: 1, column: 1, severity: 'error', message: `family ${family} has ${list.length} cases (needs ≥ ${minFam})` });
  const minTotal = opts.minTotal ?? 1000;
  if (cases.length < minTotal) errors.push({ ...corpusPos, message: `corpus has ${cases.length} cases (needs ≥ ${minTotal})` });
  const minFamilies = opts.minFamilies ?? 17;
  if (byFamily.size < minFamilies) errors.push({ ...corpusPos, message: `corpus has ${byFamily.size} families (needs ≥ ${minFamilies})` });
  const everyday = byFamily.get(opts.everydayFamily ?? 'everyday')?.length ?? 0;
  const share = opts.minEverydayShare ?? 0.25;
  if (cases.length > 0 && everyday < share * cases.length)
    errors.push({ ...corpusPos, message: `everyday cases are ${everyday} of ${cases.length} (needs ≥ ${Math.round(share * 100)} %)` });
  if (opts.baselinePath) {
    const base = baselineFamilies(opts.baselinePath);
    const at = { file: opts.baselinePath, line: 1, column: 1 };
    if (typeof base === 'string') errors.push({ ...at, severity: 'error', message: base });
    else {
      for (const [family, n] of base) {
        const now = byFamily.get(family)?.length ?? 0;
        if (now === 0 && n > 0) errors.push({ ...at, severity: 'error', field: 'families', message: `family ${family} vanished: ${n} cases in the baseline, none now (its file was deleted or emptied)` });
        else if (now < n) errors.push({ ...at, severity: 'warning', field: 'families', message: `family ${family} has ${now} cases, ${n} in the baseline` });
      }
      for (const [family, list] of byFamily)
        if (!base.has(family)) errors.push({ file: list[0].file, line: 1, column: 1, severity: 'warning', message: `new family ${family} (${list.length} cases) is not in the baseline yet: lab regress --update-baseline` });
    }
  }
  const minBad = opts.minDetectorCases ?? 3;
  const minGood = opts.minNotDetectorCases ?? 2;
  for (const d of [...detectorIds].sort()) {
    const bad = cases.filter((lc) => lc.case.detectors.includes(d)).length;
    const good = cases.filter((lc) => lc.case.notDetectors.includes(d)).length;
    if (bad < minBad) errors.push({ ...corpusPos, field: 'detectors', message: `detector ${d} has ${bad} cases in detectors (needs ≥ ${minBad})` });
    if (good < minGood) errors.push({ ...corpusPos, field: 'notDetectors', message: `detector ${d} has ${good} cases in notDetectors (needs ≥ ${minGood})` });
  }
  return sortErrors(errors);
}

function sortErrors(errors: LintError[]): LintError[] {
  return errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
