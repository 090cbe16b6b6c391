// Reading private keys, cloud credentials, tokens and .env files → immune ask.
// Reads the read effects of every program and redirection (a dynamic path that could reach a
// credential counts as reaching it).
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import { infoOf } from '../effects/index.ts';
import { credentialBelow } from '../paths/index.ts';
import { effectsFor, finding } from './util.ts';

const meta: DetectorMeta = {
  id: 'credential-read',
  family: 'protected',
  title: 'Credential read',
  rationale: 'Private keys, tokens and secrets read into an agent session can leak through its output or the network.',
  behaviour: 'ask',
  safety: 'credentialRead',
  examples: {
    bad: ['cat ~/.ssh/id_rsa', 'base64 < ~/.aws/credentials', 'grep TOKEN .env', 'head -n 5 .env.production', 'cp ~/.kube/config /tmp/k', 'cat /proc/self/environ', 'cat ~/.ssh/*'],
    good: ['cat .env.example', 'cat ~/.ssh/id_rsa.pub', 'ls ~/.ssh', 'ssh -i ~/.ssh/id_ed25519 host uptime', 'cat README.md'],
  },
};

/** Programs that read names and metadata, not contents. */
const LISTERS = new Set(['ls', 'stat', 'test', '[', 'realpath', 'readlink', 'basename', 'dirname', 'du', 'which', 'type', 'cd', 'ln', 'find', 'fd', 'fdfind', 'tree', 'file', 'ssh-add', 'ssh-keygen', 'ssh', 'mkdir', 'touch', 'rmdir', 'chmod', 'chown', 'chgrp', 'pushd', 'exa', 'eza', 'lsattr', 'getfacl', 'namei']);

export const credentialRead: Detector = {
  meta,
  concerns: { effects: ['read'] },
  check(inv, ctx) {
    const out: Finding[] = [];
    for (const e of effectsFor(inv, ctx)) {
      if (e.kind === 'read' && !e.path && e.name) {
        out.push(finding(meta, inv, `${e.how}: prints a stored secret`, e.word));
        continue;
      }
      // A lister reads names, but a list file's lines come back in its output (file -f, tree --fromfile),
      // and so do the lines of a config file it fails to parse (ssh -F, file -m).
      if (e.kind !== 'read' || !e.path || (LISTERS.has(inv.name) && !e.how.startsWith('redirect') && !e.list && !e.echoes)) continue;
      const info = infoOf(e.path);
      if (e.recursive && e.path.abs !== null && !info.classes.has('credential')) {
        const held = credentialBelow(e.path.abs, ctx.home);
        if (held) {
          out.push(finding(meta, inv, `${inv.name} reads a folder that holds ${held} (${e.path.text})`, e.path.word));
          continue;
        }
      }
      // A guessed read or write of a path that could be anything says nothing.
      if (e.guess && info.free) continue;
      if (!info.classes.has('credential')) continue;
      const why = info.reasons.find((r) => !r.startsWith('symlink')) ?? 'credentials';
      const who = e.how.startsWith('redirect') ? 'reads' : `${inv.name} reads`;
      out.push(finding(meta, inv, e.path.abs !== null || e.path.literal ? `${who} ${why} (${e.path.text})` : `${who} a path that could be ${why} (${e.path.text})`, e.path.word));
    }
    return out;
  },
};
