// chmod/chown/chgrp -R on /, a top-level dir or home; chmod 777 / → deny.
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import { parseOptions } from '../shell/normalize/index.ts';
import { ctxFor, finding, globDir, isCriticalDir, pathOf, text } from './util.ts';

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
  concerns: { effects: ['mode', 'owner'], programs: ['chmod', 'chown', 'chgrp'] },
  check(inv, ctx0) {
    const ctx = ctxFor(inv, ctx0);
    const name = inv.name;
    if (name !== 'chmod' && name !== 'chown' && name !== 'chgrp') return [];
    const p = parseOptions(inv);
    const recursive = p.options.has('recursive');
    const ops = p.options.has('reference') ? p.operands : p.operands.slice(1);
    const mode = p.options.has('reference') ? '' : text(p.operands[0] ?? inv.program);
    const out: Finding[] = [];
    for (const w of ops) {
      const abs = pathOf(w, ctx) ?? globDir(w, ctx);
      if (abs === null) continue;
      if (!isCriticalDir(abs, ctx, false)) continue;
      if (recursive) out.push(finding(meta, inv, `${name} -R on ${abs}`, w));
      else if (name === 'chmod' && abs === '/' && OPEN_MODES.has(mode)) out.push(finding(meta, inv, `chmod ${mode} /`, w));
    }
    return out;
  },
};
