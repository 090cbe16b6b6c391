// Any write to a protected path (.git/, .claude/, .vscode/, ~/.ssh, .bashrc …) → immune ask.
// Reads write, delete, mode and owner effects of every program and redirection.
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import { infoOf } from '../effects/index.ts';
import { effectsFor, finding, TARGET_KINDS } from './util.ts';

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
  concerns: { effects: ['write', 'delete', 'mode', 'owner', 'device'] },
  check(inv, ctx) {
    const out: Finding[] = [];
    for (const e of effectsFor(inv, ctx)) {
      if (!TARGET_KINDS.has(e.kind) || !e.path) continue;
      const info = infoOf(e.path);
      // A guessed read or write of a path that could be anything says nothing.
      if (e.guess && info.free) continue;
      if (!info.classes.has('protected') && !info.classes.has('gate-config')) continue;
      const why = info.reasons[0] ?? 'protected';
      const msg = e.path.abs !== null ? `${e.how} writes protected path ${e.path.abs}` : `${e.how} may write a protected path (${e.path.text}: ${why})`;
      const gate = info.classes.has('gate-config');
      out.push(finding(meta, inv, gate ? `${msg} (the gate's own configuration)` : msg, e.path.word, gate ? { safety: 'gateConfigWrite' } : undefined));
    }
    return out;
  },
};
