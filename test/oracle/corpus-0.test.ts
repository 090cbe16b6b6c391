// Corpus shard 0 of 2 under the bash oracle (issue 4: the oracle runs over the whole corpus).
// Two files so vitest can run the shards in parallel workers.
import { describe, it } from 'vitest';
import { loadCorpusCommands } from './corpus.ts';
import { defineOracleSuite } from './suite.ts';

const SHARD: number = 0;
const corpus = loadCorpusCommands();
const mine = corpus.cases.filter((_, i) => i % 2 === SHARD);
if (mine.length === 0) {
  describe(`bash oracle: corpus shard ${SHARD}`, () => {
    it.skip('no Bash cases in corpus/*.yaml yet', () => {});
  });
} else {
  if (SHARD === 0) for (const s of corpus.skipped) console.warn(`[oracle] corpus/${s.file} skipped: ${s.reason}`);
  await defineOracleSuite(`bash oracle: corpus shard ${SHARD}`, mine.map((c) => ({ id: `${c.file}: ${c.id}`, command: c.command })));
}
