// lab list [--json]: every challenge with its status, title and difficulty.
import { EXIT, c } from '../ui.ts';
import { challengeIds } from '../challenges/check.ts';
import { loadLesson } from '../challenges/catalog.ts';
import { labRoot } from '../challenges/cli.ts';
import { loadState } from '../challenges/state.ts';

export function run(flags: Record<string, string | true>): number {
  const root = labRoot();
  const { state, backup } = loadState(root);
  if (backup) process.stderr.write(`lab: progress file was unreadable; kept it as ${backup}\n`);
  const rows = challengeIds(root).map((id) => {
    const l = loadLesson(root, id);
    const e = state.challenges[id];
    const status = e?.passedAt ? 'passed' : e?.attempts ? 'started' : 'new';
    return { id, title: l.title, difficulty: l.difficulty, summary: l.summary, status, attempts: e?.attempts ?? 0 };
  });
  if (flags.json) {
    process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return EXIT.ok;
  }
  for (const r of rows) {
    const mark = r.status === 'passed' ? c.green('✓') : r.status === 'started' ? c.yellow('…') : c.dim('·');
    const stars = '★'.repeat(r.difficulty) + c.dim('☆'.repeat(5 - r.difficulty));
    process.stdout.write(`${mark} ${r.id.padEnd(4)} ${stars}  ${r.title.padEnd(44)} ${c.dim(r.status)}\n`);
  }
  const done = rows.filter((r) => r.status === 'passed').length;
  process.stdout.write(c.dim(`\n${done} of ${rows.length} passed · lab run <id> to check one\n`));
  return EXIT.ok;
}
