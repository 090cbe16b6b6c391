// Any write to a protected path (.git/, .claude/, .vscode/, ~/.ssh, .bashrc …) → immune ask.
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import { ctxFor, finding, writeTargets } from './util.ts';

const meta: DetectorMeta = {
  id: 'protected-path-write',
  family: 'protected',
  title: 'Write to a protected path',
  rationale: 'Repository metadata, agent settings, editor config and shell rc files change what runs next; a human must see these writes.',
  behaviour: 'ask',
  safety: 'protectedWrite',
  examples: {
    bad: ['echo x >> .claude/settings.json', 'bash -c \'echo "{}" > .claude/settings.local.json\'', 'sed -i s/a/b/ .git/config', 'cp evil.sh .git/hooks/pre-commit', 'tee -a ~/.bashrc < snippet', 'git config core.editor vim', 'touch .vscode/settings.json'],
    good: ['echo x > notes.txt', 'cat .git/config', 'mkdir -p .claude/worktrees/feature', 'git config --get user.name', 'cp a.txt b.txt'],
  },
};

export const protectedPathWrite: Detector = {
  meta,
  check(inv, ctx0) {
    const ctx = ctxFor(inv, ctx0);
    const out: Finding[] = [];
    for (const t of writeTargets(inv, ctx)) {
      if (t.abs !== null && ctx.isProtected(t.abs)) out.push(finding(meta, inv, `${t.how} writes protected path ${t.abs}`, t.word));
    }
    return out;
  },
};
