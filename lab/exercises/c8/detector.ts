// c8 · Obfuscation and word resolution. Your `disk-destroy` detector (replaces the built-in one).
import type { Detector, Finding, Invocation, Word } from '../../../engine/index.ts';

const FORMATTERS = ['mkfs', 'wipefs'];

function deny(inv: Invocation, message: string, w: Word): Finding {
  return { detector: 'disk-destroy', family: 'destructive', behavior: 'deny', message, span: w.span ?? inv.source.span };
}

export const detector: Detector = {
  meta: {
    id: 'disk-destroy',
    family: 'destructive',
    title: 'Disk or filesystem destruction',
    rationale: 'Formatting, wiping or overwriting a block device destroys every file on it.',
    behaviour: 'deny',
    examples: { bad: ['mkfs.ext4 /dev/sdb1', 'dd if=/dev/zero of=/dev/sda'], good: ['dd if=a.img of=b.img', 'echo mkfs'] },
  },
  check(inv: Invocation): Finding[] {
    // The program and the arguments exactly as they were typed.
    const program = inv.program.raw.split('/').pop() ?? '';
    const args = inv.args;
    if (FORMATTERS.some((f) => program === f || program.startsWith(f + '.'))) {
      const dev = args.find((w) => w.raw.startsWith('/dev/'));
      return dev ? [deny(inv, `${program} on ${dev.raw}`, dev)] : [];
    }
    if (program === 'dd') {
      const of = args.find((w) => w.raw.startsWith('of=/dev/'));
      return of ? [deny(inv, `dd writes ${of.raw.slice(3)}`, of)] : [];
    }
    return [];
  },
};
