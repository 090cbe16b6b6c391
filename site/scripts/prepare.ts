// Build-time data for the site: chapters (locked ones sealed with the previous challenge's code),
// the corpus with per-mode decisions, regress counts, detector metadata and policy texts.
// Codes live only in memory here: they are derived from the checks with the lab's own function,
// used to seal and to compute verifiers, and never written anywhere.
import { mkdirSync, readFileSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMarkdownProcessor } from '@astrojs/markdown-remark';
import { MODES, builtinDetectors } from '../../engine/index.ts';
import { loadLesson, type Lesson } from '../../lab/challenges/catalog.ts';
import { loadCheck, challengeIds } from '../../lab/challenges/check.ts';
import { expectedCode } from '../../lab/challenges/devcheck.ts';
import { verifierFor } from '../../lab/challenges/codes.ts';
import { seal, KDF_ITERATIONS } from '../../lab/challenges/sealed.ts';
import { loadCorpus } from '../../lab/corpus/schema.ts';
import { EngineCache, runCase, DEFAULT_POLICY } from '../../lab/corpus/run.ts';
import { runRegress } from '../../lab/regress.ts';
import { SITE_SALT, sentinelFor } from '../src/lib/chapter-keys.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const out = process.env.GATELAB_SITE_DATA || join(here, '..', 'src', 'generated');

// Each file appears whole (write, then rename), so a concurrent reader never sees half of one.
const write = (name: string, data: unknown) => {
  const tmp = join(out, `.${name}.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(data) + '\n');
  renameSync(tmp, join(out, name));
};

async function chapters() {
  const md = await createMarkdownProcessor({ shikiConfig: { themes: { light: 'github-light', dark: 'github-dark-default' } } });
  // A challenge whose lesson or check does not load yet is left out (loudly), not half-built.
  const lessons: Lesson[] = [];
  for (const id of challengeIds(root)) {
    try {
      expectedCode(loadCheck(id, root));
      lessons.push(loadLesson(root, id));
    } catch (e) {
      console.warn(`site: chapter ${id} left out: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  const list = [];
  for (let i = 0; i < lessons.length; i++) {
    const l = lessons[i]!;
    const prev = i > 0 ? lessons[i - 1]!.id : undefined;
    // The lesson's own h1 repeats the title the page already shows.
    const body = l.body.replace(/^\s*# [^\n]*\n/, '');
    let html = (await md.render(body)).code;
    const own = expectedCode(loadCheck(l.id, root));
    const entry: Record<string, unknown> = {
      id: l.id,
      order: i + 1,
      title: l.title,
      difficulty: l.difficulty,
      summary: l.summary,
      verifier: verifierFor(l.id, own, SITE_SALT),
      next: lessons[i + 1]?.id ?? null,
    };
    if (prev) {
      html += `<p class="sentinel" hidden>${sentinelFor(l.id)}</p>`;
      const key = expectedCode(loadCheck(prev, root));
      entry.unlockedBy = prev;
      entry.sealed = seal(l.id, key, { 'body.html': html }, KDF_ITERATIONS);
    } else entry.html = html;
    list.push(entry);
  }
  write('chapters.json', list);
}

function corpus() {
  const { cases, errors } = loadCorpus(join(root, 'corpus'));
  if (errors.length) console.warn(`site: corpus has ${errors.length} lint error(s); their cases are left out`);
  const engines = new EngineCache(root);
  const policies: Record<string, string> = {};
  const addPolicy = (p: string) => (policies[p] ??= readFileSync(join(root, p), 'utf8'));
  addPolicy(DEFAULT_POLICY);
  addPolicy('policies/strict.yaml');
  const rows = cases.map((lc) => {
    const c = lc.case;
    if (c.policy) addPolicy(c.policy);
    const r = runCase(lc, MODES, engines);
    const cmd = lc.command;
    const long = cmd !== undefined && cmd.length > 20_000;
    return {
      id: c.id,
      family: lc.family,
      tool: c.tool,
      command: long ? undefined : cmd,
      preview: long ? `${cmd!.slice(0, 160)}… (${cmd!.length.toLocaleString('en')} characters)` : undefined,
      input: c.tool === 'Bash' ? undefined : c.input,
      effect: c.effect,
      expect: c.expect,
      immune: c.immune,
      detectors: c.detectors,
      notDetectors: c.notDetectors,
      policy: c.policy ?? DEFAULT_POLICY,
      profile: c.profile ?? null,
      source: c.source,
      tags: c.tags,
      fired: r.modes[0]?.actual.fired ?? [],
      ok: r.ok,
      modes: Object.fromEntries(r.modes.map((m) => [m.mode, { b: m.actual.behavior, s: m.actual.silenced, i: m.actual.immune }])),
    };
  });
  write('corpus.json', rows);
  write('policies.json', policies);
}

function regress() {
  const r = runRegress({ json: true, baselinePath: join(root, 'checks', 'baseline.json'), corpusDir: join(root, 'corpus'), rootDir: root, isTTY: false, githubActions: false });
  const j = JSON.parse(r.output);
  write('regress.json', { ok: j.ok, total: j.total, modes: j.modes, families: j.families, mismatches: j.mismatches.length });
}

function detectors() {
  // `reads`: the effect kinds and programs a detector looks at (absent: every invocation).
  write('detectors.json', builtinDetectors().map((d) => ({ ...d.meta, reads: { effects: [...(d.concerns?.effects ?? [])], programs: [...(d.concerns?.programs ?? [])], via: [...(d.concerns?.via ?? [])], all: !d.concerns } })));
  write('modes.json', MODES);
  const agreement = join(here, '..', 'src', 'data', 'agreement.json');
  write('agreement.json', existsSync(agreement) ? JSON.parse(readFileSync(agreement, 'utf8')) : null);
}

const t0 = Date.now();
mkdirSync(out, { recursive: true });
await chapters();
detectors();
corpus();
regress();
console.log(`site: data prepared in ${relative(root, out)} (${Date.now() - t0} ms)`);
