// Any write to a block device (mkfs, wipefs, dd and its look-alikes, zpool vdevs, `>`, shred …) → deny.
import type { DetectContext, Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import type { Invocation, Word } from '../shell/types.ts';
import { parseOptions } from '../shell/normalize/index.ts';
import { describe } from '../programs/index.ts';
import { ctxFor, effectsFor, finding, text } from './util.ts';
import { isBlockDevice } from '../effects/devices.ts';
import { hereInput, stageOutput, feedingStage } from '../shell/printed.ts';

const meta: DetectorMeta = {
  id: 'disk-destroy',
  family: 'destructive',
  title: 'Disk or filesystem destruction',
  rationale: 'Formatting, wiping or overwriting a block device destroys every file on it.',
  behaviour: 'deny',
  examples: {
    bad: ['mkfs.ext4 /dev/sda1', 'dd if=/dev/zero of=/dev/sda bs=1M', 'wipefs -a /dev/nvme0n1', 'cat image.iso > /dev/sdb', 'shred -n 3 /dev/vda', 'dcfldd if=/dev/zero of=/dev/sda', 'zpool create tank sdb', "fdisk /dev/sda <<< $'o\\nw'"],
    good: ['mkfs.ext4 -F disk.img', 'dd if=/dev/zero of=disk.img bs=1M count=10', 'echo hi > /dev/null', 'ls /dev', 'cat /dev/urandom | head -c 16 > key.bin', 'zpool status', 'mke2fs -n /dev/sdb1'],
  },
};

export { isBlockDevice };

const INTERACTIVE = new Set(['fdisk', 'cfdisk', 'gdisk', 'cgdisk']);
const FORMATTERS = new Set(['mkfs', 'mke2fs', 'mkswap', 'wipefs', 'blkdiscard', 'mkdosfs', 'mkntfs', 'mkexfatfs', 'mkreiserfs', 'jfs_mkfs', 'mkudffs', 'newfs', 'mformat']);
const PARTITIONERS = new Set(['fdisk', 'sfdisk', 'parted', 'sgdisk', 'gdisk', 'cfdisk', 'diskutil']);

function devOrDynamic(w: Word, resolve: (p: string) => string): 'device' | 'dynamic' | 'file' {
  if (!w.static) return w.approx.startsWith('/dev/') || w.approx.startsWith('$') ? 'dynamic' : 'file';
  const p = resolve(w.value ?? '');
  return isBlockDevice(p) ? 'device' : 'file';
}

/**
 * An interactive partition editor fed a script on stdin (`fdisk /dev/sda <<< $'o\nw'`, a pipe, a
 * file): it writes the table when the script has a `w` line; a script whose text is unknown counts.
 */
function scriptWrites(inv: Invocation, ctx: DetectContext): boolean {
  const ex = ctx.scope?.ex;
  let fed = false;
  let script: string | null = null;
  for (const r of inv.redirects) {
    if (r.fd !== null && r.fd !== 0) continue;
    if (r.op === '<' || r.op === '<>') (fed = true), (script = r.target.static && r.target.value === '/dev/null' ? '' : null);
    else if (r.op === '<<<' || r.op === '<<' || r.op === '<<-') {
      const h = hereInput([r]);
      (fed = true), (script = h && h.word.static ? h.word.value ?? '' : null);
    }
  }
  if (!fed && inv.source.pipe && inv.source.pipe.index > 0) {
    fed = true;
    const prev = ex ? feedingStage(ex, inv.source) : [];
    script = ex && prev.length === 1 ? stageOutput(ex, prev[0]!) : null;
  }
  return fed && (script === null || script.split('\n').some((l) => l.trim() === 'w'));
}

export const diskDestroy: Detector = {
  meta,
  // device effects; a write redirection to a device is a device or write effect; the programs below
  concerns: { effects: ['device', 'write'], programs: [...FORMATTERS, ...PARTITIONERS, 'dd', 'shred', 'tee', 'cp'] },
  check(inv, ctx0) {
    const ctx = ctxFor(inv, ctx0);
    const out: Finding[] = [];
    // Every device write, by any program or redirection.
    // (Interactive partition editors write only when told to: they ask, below, unless a script on stdin says `w`.)
    if (!INTERACTIVE.has(inv.name) || scriptWrites(inv, ctx0)) for (const e of effectsFor(inv, ctx0)) if (e.kind === 'device' && e.path) out.push(finding(meta, inv, `${e.how} writes to block device ${e.path.abs ?? e.path.text}`, e.path.word));
    if (out.length) return out;
    for (const r of inv.redirects) {
      if ((r.op === '>' || r.op === '>>' || r.op === '>|' || r.op === '&>' || r.op === '<>' || r.op === '&>>') && r.target.static && isBlockDevice(ctx.resolve(r.target.value ?? ''))) {
        out.push(finding(meta, inv, `writes to block device ${r.target.value}`, r.target));
      }
    }
    if (!inv.program.static) return out;
    const name = inv.name;
    const base = name.includes('.') ? name.slice(0, name.indexOf('.')) : name;
    if (FORMATTERS.has(base)) {
      // a spec that leaves nothing destroyed (mke2fs -n, a listing) is trusted
      const f = describe(name, inv.args);
      if (f.known && !f.destructive) return out;
      const p = parseOptions(inv);
      // wipefs without -a/-o (or with --no-act) only lists signatures: its spec leaves no write
      if (base === 'wipefs' && (!(p.options.has('all') || p.options.has('offset')) || p.options.has('no-act'))) return out;
      const ops = p.operands.length ? p.operands : inv.args.filter((w) => !text(w).startsWith('-'));
      const kinds = ops.map((w) => devOrDynamic(w, ctx.resolve));
      const hit = kinds.findIndex((k) => k !== 'file');
      if (hit >= 0) out.push(finding(meta, inv, `${name} on ${text(ops[hit])}`, ops[hit]));
      return out;
    }
    if (PARTITIONERS.has(name)) {
      // fdisk -l, parted DEV print, sgdisk -p only print the table (the spec names no destruction)
      const f = describe(name, inv.args);
      if (f.known && !f.destructive) return out;
      out.push(finding(meta, inv, `${name} can rewrite a partition table`, inv.program, { behavior: 'ask' }));
      return out;
    }
    if (name === 'dd') {
      for (const w of inv.args) {
        const t = text(w);
        if (!t.startsWith('of=')) continue;
        const target = t.slice(3);
        if (w.static ? isBlockDevice(ctx.resolve(target)) : target.startsWith('/dev/')) out.push(finding(meta, inv, `dd writes to block device ${target}`, w));
      }
      return out;
    }
    if (name === 'shred' || name === 'tee' || name === 'cp') {
      // (only a static word that is a block device can be one: most name none, and need no parse)
      if (!inv.args.some((w) => devOrDynamic(w, ctx.resolve) === 'device')) return out;
      const p = parseOptions(inv);
      const targets = name === 'cp' ? p.operands.slice(-1) : p.operands;
      for (const w of targets) if (devOrDynamic(w, ctx.resolve) === 'device') out.push(finding(meta, inv, `${name} overwrites block device ${text(w)}`, w));
    }
    return out;
  },
};
