// Every Bash case of corpus/*.yaml under the bash oracle (issue 4: the oracle runs over the whole
// corpus in CI). Two sandboxes run at a time.
import { describe, it } from 'vitest';
import { loadCorpusCommands } from './corpus.ts';
import { defineOracleSuite } from './suite.ts';

const NAME = 'bash oracle: corpus';
const corpus = loadCorpusCommands();
for (const s of corpus.skipped) console.warn(`[oracle] corpus/${s.file} skipped: ${s.reason}`);
if (corpus.cases.length === 0) {
  describe(NAME, () => {
    it.skip('no Bash cases in corpus/*.yaml yet', () => {});
  });
} else {
  await defineOracleSuite(NAME, corpus.cases.map((c) => ({ id: `${c.file}: ${c.id}`, command: c.command })));
}
