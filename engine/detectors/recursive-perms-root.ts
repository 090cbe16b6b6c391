// A mode or owner change over the whole tree of /, a top-level dir or home (chmod -R, find -exec
// chmod, setfacl -R …), and chmod 777 / → deny. Reads mode and owner effects, whatever the program.
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import { parseOptions } from '../shell/normalize/index.ts';
import { ctxFor, effectsFor, finding, globDir, isCriticalDir, pathOf, text } from './util.ts';
import { infoOf } from '../effects/index.ts';

const meta: DetectorMeta = {
  id: 'recursive-perms-root',
  family: 'destructive',
  title: 'Recursive permission change on a system root',
  rationale: 'Changing modes or owners across /, a top-level directory or home breaks the system and its security.',
  behaviour: 'deny',
  examples: {
    bad: ['chmod -R 777 /', 'sudo chown -R dev:dev /usr', 'chmod --recursive 755 ~', 'chgrp -R staff /etc', 'chmod 777 /'],
    good: ['chmod -R 755 ./scripts', 'chown -R dev:dev /home/dev/app/build', 'chmod +x run.sh'],
  },
};

const OPEN_MODES = new Set(['777', '0777', 'a+rwx', 'ugo+rwx', '666', '0666', 'o+w', 'a+w', '+w']);

export const recursivePermsRoot: Detector = {
  meta,
  concerns: { effects: ['mode', 'owner'] },
  check(inv, ctx0) {
    const ctx = ctxFor(inv, ctx0);
    const out: Finding[] = [];
    // a mode or owner change over a whole tree, by any program (chmod -R, find / -exec chmod {} +, setfacl -R …)
    for (const e of effectsFor(inv, ctx0)) {
      if ((e.kind !== 'mode' && e.kind !== 'owner') || !e.path || !e.recursive || e.within) continue;
      const abs = e.path.abs ?? globDir(e.path.word, ctx);
      if (abs !== null) {
        if (isCriticalDir(abs, ctx, false)) out.push(finding(meta, inv, `${e.how} ${e.kind} change over ${abs}`, e.path.word));
        continue;
      }
      // a path known only at run time that can only be a critical folder (`echo / | xargs chmod -R`)
      const info = infoOf(e.path);
      // (the workspace root is critical for removal, not for a mode change: chmod -R u+w . asks)
      if (info.classes.has('critical') && !info.free && info.reasons.some((r) => r !== 'the workspace root' && !r.startsWith('outside') && !r.startsWith('inside'))) out.push(finding(meta, inv, `${e.how} ${e.kind} change over ${e.path.text}, a critical folder`, e.path.word));
    }
    if (out.length || inv.name !== 'chmod') return out;
    // chmod 777 /: the root itself opened to everyone
    const p = parseOptions(inv);
    if (p.options.has('reference')) return out;
    const mode = text(p.operands[0] ?? inv.program);
    if (!OPEN_MODES.has(mode)) return out;
    for (const w of p.operands.slice(1)) if (pathOf(w, ctx) === '/') out.push(finding(meta, inv, `chmod ${mode} /`, w));
    return out;
  },
};
