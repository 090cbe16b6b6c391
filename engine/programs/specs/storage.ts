// Disk, partition, volume and pool tools: the devices each writes and what it destroys by name.
// A write to a block device (static, or dynamic and `device`) is a device effect (disk-destroy);
// `volume-destroy` (a pool, volume group, logical volume or dataset gone) is catastrophic by name.
import { cmd, HV, prog, viewer } from '../dsl.ts';
import { setRole } from '../hooks.ts';
import type { HookContext, ProgramSpec } from '../types.ts';
import { textOf } from '../words.ts';
import { isBlockDevice } from '../../effects/devices.ts';
import { diskTargets } from './coreutils.ts';

const F = 'storage';

/** Disk tools: operands naming a device (or only known at run time) are written; the rest are words. */
export function devOperands(c: HookContext): void {
  for (const a of c.facts.args) {
    if (a.option !== undefined) continue;
    const t = textOf(a.word);
    a.role = !a.word.static || t.startsWith('/dev/') || t.startsWith('/') ? 'write' : 'none';
    if (a.role === 'none') delete a.create;
    else a.device = true;
  }
}

/** Every operand only read (a listing, a dry run): no device written, nothing destroyed. */
function readOnly(c: HookContext): void {
  c.facts.destructive = undefined;
  for (const a of c.facts.args) {
    if (a.option !== undefined) continue;
    a.role = 'read';
    delete a.device;
  }
}

/** A vdev or device word as a path: a bare name (zpool's `sdb`) is a disk under /dev. */
function devPath(t: string): string {
  if (t.startsWith('/')) return t;
  return isBlockDevice(`/dev/${t}`) ? `/dev/${t}` : `/dev/disk/by-id/${t}`;
}

/** Mark word `i` of the invocation a device write (bare names are disks). */
function deviceAt(c: HookContext, i: number): void {
  const w = c.args[i];
  if (!w) return;
  setRole(c, w, 'write', w.static ? { text: devPath(w.value ?? ''), device: true, create: 'create' } : { device: true, create: 'create' });
}

// --- dd and its look-alikes ---

/** KEY=VALUE programs: keys naming an input (read), a target (a device write) or a log file. */
const DD_KEYS: Record<string, Record<string, 'read' | 'device' | 'write'>> = {
  dcfldd: { if: 'read', vf: 'read', of: 'device', hashlog: 'write', md5log: 'write', sha1log: 'write', sha256log: 'write', sha384log: 'write', sha512log: 'write', errlog: 'write', verifylog: 'write' },
  dc3dd: { if: 'read', ifs: 'read', of: 'device', ofs: 'device', hof: 'device', hofs: 'device', wipe: 'device', hwipe: 'device', log: 'write', hlog: 'write', mlog: 'write' },
  sg_dd: { if: 'read', of: 'device', of2: 'device' },
  sgp_dd: { if: 'read', of: 'device', of2: 'device' },
  sgm_dd: { if: 'read', of: 'device', of2: 'device' },
  ddpt: { if: 'read', of: 'device', of2: 'device' },
};

function ddKeys(c: HookContext): void {
  const keys = DD_KEYS[c.facts.name]!;
  const dry = c.facts.options.has('dry-run');
  let input = false;
  for (const w of c.operands) {
    const t = textOf(w);
    const eq = t.indexOf('=');
    const role = eq > 0 ? keys[t.slice(0, eq)] : undefined;
    if (!role) continue;
    const value = { approx: w.approx.slice(w.approx.indexOf('=') + 1), ...(w.static ? { text: t.slice(eq + 1) } : {}) };
    if (role === 'read') input = true;
    if (role === 'read' || dry) setRole(c, w, 'read', value);
    else setRole(c, w, 'write', { ...value, create: 'truncate', ...(role === 'device' ? { device: true } : {}) });
  }
  if (!input) c.facts.stdin = 'data';
}

/** The first written operand is the disk target (ddrescue OUTFILE, bmaptool copy DEST); a map or log file is not. */
function firstTarget(c: HookContext): void {
  const a = c.facts.args.find((x) => x.option === undefined && x.role === 'write');
  if (a) a.device = true;
}

/** dd_rescue [opts] IN OUT: its value options are not all known, so the last operand is the target. */
function lastTarget(c: HookContext): void {
  const ops = c.facts.args.filter((x) => x.option === undefined);
  ops.forEach((a, k) => {
    a.role = k === ops.length - 1 && ops.length > 1 ? 'write' : 'read';
    if (a.role === 'write') a.device = true;
  });
}

const DDRESCUE = 'a|min-read-rate:none A|try-again b|sector-size:none B|binary-prefixes c|cluster-size:none C|complete-only d|idirect D|odirect e|max-bad-areas:none E|max-error-rate:none f|force F|fill-mode:none G|generate-mode H|test-mode:read i|input-position:none I|verify-input-size J|verify-on-error K|skip-size:none L|loose-domain m|domain-mapfile:read M|retrim n|no-scrape N|no-trim o|output-position:none O|reopen-on-error p|preallocate P|data-preview:: q|quiet r|retry-passes:none R|reverse s|size:none S|sparse t|truncate T|timeout:none u|unidirectional v|verbose w|ignore-write-errors x|extend-outfile:none X|exit-on-error y|synchronous ask command-mode cpass:none delay-slow:none log-events:write log-rates:write log-reads:write mapfile-interval:none max-read-rate:none max-slow-reads:none pause-on-error:none pause:none reset-slow same-file ?h|help ?V|version';

// --- file system creators ---

/** Options that make a creator only print what it would do (mke2fs -n, mkfs.xfs -N, mkntfs -n). */
const DRY_RUN: Record<string, string[]> = { 'mkfs.xfs': ['-N'], mkntfs: ['-n', '--no-action'], 'mkfs.ntfs': ['-n', '--no-action'] };
for (const n of ['mke2fs', 'mkfs.ext2', 'mkfs.ext3', 'mkfs.ext4', 'mkfs.ext4dev']) DRY_RUN[n] = ['-n'];

/**
 * mkfs [opts] TARGET [BLOCKS], mkfs.erofs IMAGE DIR: every operand in /dev (or known only at run
 * time) is a device the creator overwrites, and so is its first operand; the rest are words.
 * (Option letters differ across the family: a value mistaken for an operand is at worst a write.)
 */
function formatTargets(c: HookContext): void {
  const dry = DRY_RUN[c.facts.name];
  if (dry && c.args.some((w) => w.static && dry.includes(w.value ?? ''))) return readOnly(c);
  let first = true;
  for (const a of c.facts.args) {
    if (a.option !== undefined) continue;
    const t = textOf(a.word);
    // (an option letter loose parsing did not know is no target)
    if (a.word.static && t.startsWith('-')) {
      a.role = 'none';
      continue;
    }
    const dev = !a.word.static || t.startsWith('/dev/');
    a.role = dev || first ? 'write' : 'none';
    if (a.role === 'write') (a.device = true), (a.create = 'truncate');
    first = false;
  }
}

const FORMATTERS = [
  'mkfs', 'mke2fs', 'mke4fs', 'mkswap', 'mkdosfs', 'mkntfs', 'mkexfatfs', 'mkreiserfs', 'jfs_mkfs', 'mkudffs', 'mkhfs', 'mkfs_hfsplus', 'newfs', 'newfs_msdos', 'newfs_hfs', 'newfs_apfs', 'newfs_exfat', 'newfs_udf', 'make-bcache', 'mkfs.zfs',
  ...['ext2', 'ext3', 'ext4', 'ext4dev', 'xfs', 'btrfs', 'vfat', 'fat', 'msdos', 'ntfs', 'exfat', 'f2fs', 'jfs', 'reiserfs', 'reiser4', 'udf', 'minix', 'bfs', 'cramfs', 'hfs', 'hfsplus', 'nilfs2', 'gfs2', 'ocfs2', 'bcachefs', 'erofs', 'ubifs', 'apfs', 'ufs', 'zonefs', 'swap'].map((t) => `mkfs.${t}`),
].join('|');

// --- partition tables ---

const PRINT_ONLY: Record<string, string[]> = {
  // parted commands and sgdisk flags that only print the partition table
  parted: ['print', 'p', 'help', 'version', 'unit', 's', 'b', 'kb', 'mb', 'gb', 'mib', 'gib', 'chs', 'cyl', 'compact', '%', '-s', '--script', '-l', '--list', '-m', '--machine'],
  sgdisk: ['-p', '--print', '-i', '--info', '-v', '--verify', '-L', '--list-types', '-O', '--print-mbr'],
};

/** parted DEV print, sgdisk -p DEV: every word but the device is a print-only command or flag. */
function partitionPrintOnly(c: HookContext): boolean {
  const ok = PRINT_ONLY[c.facts.name];
  if (!ok) return false;
  const words = c.args.map(textOf).filter((w) => !w.startsWith('/dev/'));
  return words.length > 0 && words.every((w) => ok.includes(w.toLowerCase()));
}

/**
 * sfdisk: --list, --dump, --json, --show-size, --verify, --no-act only read; --part-type DEV N
 * (no new type), --disk-id DEV and --activate DEV print. Anything else writes the table of the
 * devices it names: a script from stdin, --delete, --reorder, --relocate, a new type …
 */
function sfdiskHook(c: HookContext): void {
  const o = c.facts.options;
  devOperands(c);
  const n = c.operands.length;
  const prints = ['list', 'dump', 'json', 'show-size', 'show-geometry', 'list-free', 'verify', 'list-types', 'no-act'].some((x) => o.has(x));
  const asks = (['part-type', 'change-id', 'part-uuid', 'part-label', 'part-attrs'].some((x) => o.has(x)) && n <= 2) || (o.has('disk-id') && n <= 1) || (o.has('activate') && n <= 1);
  if (prints || asks) readOnly(c);
}

// --- volumes, pools, arrays ---

/** Flags of disk tools that only report (hdparm -I, e2fsck -n, tune2fs -l, mdadm --detail …). */
const QUERY_FLAGS: Record<string, string[]> = {
  hdparm: ['-I', '-i', '-g', '-C', '-t', '-T', '-tT', '-H'],
  tune2fs: ['-l'],
  mdadm: ['-D', '--detail', '-E', '--examine', '-Q', '--query', '--detail-platform', '-X', '--examine-bitmap', '-s', '--scan', '-v', '--verbose', '-b', '--brief'],
};

/** Subcommands that only report. */
const QUERY_VERBS: Record<string, string[]> = {
  zpool: ['list', 'status', 'get', 'iostat', 'history', 'events', 'version', 'help', 'wait'],
  zfs: ['list', 'get', 'holds', 'userspace', 'groupspace', 'projectspace', 'version', 'help', 'diff'],
  nvme: ['list', 'smart-log', 'id-ctrl', 'id-ns', 'error-log', 'list-subsys', 'fw-log', 'version', 'help'],
  dmsetup: ['ls', 'info', 'status', 'table', 'deps', 'version', 'targets', 'help'],
  cryptsetup: ['status', 'luksDump', 'isLuks', 'luksUUID', 'tcryptDump', 'bitlkDump', 'fvault2Dump', 'benchmark'],
};

/** Disk tools asked only to report: the flags and verbs above, e2fsck/fsck -n, badblocks without -w/-n, btrfs listings. */
function diskQueryOnly(c: HookContext): boolean {
  const n = c.facts.name;
  const words = c.args.map(textOf);
  const flags = words.filter((w) => w.startsWith('-'));
  const ops = words.filter((w) => !w.startsWith('-'));
  const q = QUERY_FLAGS[n];
  if (q) return flags.length > 0 && flags.every((w) => q.includes(w)) && (n !== 'mdadm' || flags.some((w) => !['-s', '--scan', '-v', '--verbose', '-b', '--brief'].includes(w)));
  if (n === 'e2fsck' || n === 'fsck' || n === 'xfs_repair') return flags.includes('-n') && !flags.some((w) => w === '-y' || w === '-p' || w === '-a');
  if (n === 'badblocks') return !flags.some((w) => w.includes('w') || w.includes('n'));
  if (n === 'btrfs') return ops.length >= 2 && ['show', 'list', 'df', 'usage', 'stats'].includes(ops[1]!);
  const v = QUERY_VERBS[n];
  return v !== undefined && v.includes(ops[0] ?? '');
}

/** The operand word indexes of an invocation, skipping the values of `valued` options. */
function operandsSkipping(c: HookContext, valued: Set<string>): { ops: number[]; flags: string[] } {
  const ops: number[] = [];
  const flags: string[] = [];
  for (let i = 0; i < c.args.length; i++) {
    const x = textOf(c.args[i]!);
    if (valued.has(x)) i++;
    else if (x.startsWith('-') && x.length > 1) flags.push(x);
    else ops.push(i);
  }
  return { ops, flags };
}

const shortFlag = (flags: string[], ch: string) => flags.some((f) => f[1] !== '-' && f.slice(1).includes(ch));

const ZPOOL_VALUED = new Set(['-o', '-O', '-m', '-R', '-t', '-c', '-T']);
const VDEV_KINDS = new Set(['mirror', 'raidz', 'raidz1', 'raidz2', 'raidz3', 'spare', 'log', 'cache', 'special', 'dedup']);

/**
 * zpool destroy POOL destroys the pool; create/add write their vdevs (bare names are disks),
 * attach/replace the new device, labelclear its device. -n (create, add) is a dry run.
 */
function zpoolHook(c: HookContext, sub: string, rest: number[], flags: string[]): void {
  if (sub === 'destroy') {
    // (no pool named: zpool prints its usage)
    if (rest.length) c.facts.destructive = 'volume-destroy';
  }
  else if ((sub === 'create' || sub === 'add') && !shortFlag(flags, 'n')) {
    for (const i of rest.slice(1)) if (!VDEV_KINDS.has(textOf(c.args[i]!)) && !textOf(c.args[i]!).startsWith('draid')) deviceAt(c, i);
  } else if (sub === 'attach') deviceAt(c, rest[2]!);
  else if (sub === 'replace') deviceAt(c, rest[2] ?? rest[1]!);
  else if (sub === 'labelclear') for (const i of rest) deviceAt(c, i);
}

/** zfs destroy: a file system or volume (with its data) is catastrophic; snapshots alone (no -R) are not. -n is a dry run. */
function zfsHook(c: HookContext, sub: string, rest: number[], flags: string[]): void {
  if (sub !== 'destroy') return;
  // (no dataset named prints the usage; -R is zfs's own flag here, not zpool's -R value)
  const words = c.args.map(textOf);
  if (shortFlag(flags, 'n') || !words.slice(words.indexOf('destroy') + 1).some((w) => !w.startsWith('-'))) return readOnly(c);
  const snapshots = rest.length > 0 && rest.every((i) => textOf(c.args[i]!).includes('@')) && !shortFlag(flags, 'R');
  c.facts.destructive = snapshots ? 'disk-modify' : 'volume-destroy';
}

const isPrefix = (w: string, full: string, min: number) => w.length >= min && full.startsWith(w);

/** btrfs subvolume delete PATH…: each subvolume's tree is deleted (by -i ID: one the path does not name). */
function btrfsHook(c: HookContext, words: string[]): boolean {
  const { ops, flags } = operandsSkipping(c, new Set(['-i', '--subvolid']));
  if (!(isPrefix(words[ops[0]!] ?? '', 'subvolume', 2) && isPrefix(words[ops[1]!] ?? '', 'delete', 1))) return false;
  c.facts.destructive = 'disk-modify';
  for (const a of c.facts.args) if (a.option === undefined) (a.role = 'none'), delete a.device;
  if (flags.some((f) => f === '-i' || f.startsWith('--subvolid'))) return true;
  for (const i of ops.slice(2)) setRole(c, c.args[i]!, 'delete', { recursive: true });
  return true;
}

/** The pool, volume and array tools: what each subcommand writes or destroys. */
function volumeHook(c: HookContext): void {
  const n = c.facts.name;
  const words = c.args.map(textOf);
  if (diskQueryOnly(c)) return readOnly(c);
  // a help request of any subcommand prints and exits (zfs destroy --help, lvremove -h)
  if (words.some((w) => w === '--help' || w === '-?' || (w === '-h' && n !== 'zfs' && n !== 'zpool') || (w === 'help' && words.indexOf(w) === 0))) return readOnly(c);
  c.effect = true;
  if (n === 'btrfs' && btrfsHook(c, words)) return;
  devOperands(c);
  c.facts.destructive = 'disk-modify';
  if (n === 'zpool' || n === 'zfs') {
    const { ops, flags } = operandsSkipping(c, ZPOOL_VALUED);
    for (const a of c.facts.args) if (a.option === undefined) (a.role = 'none'), delete a.device;
    const sub = words[ops[0]!] ?? '';
    (n === 'zpool' ? zpoolHook : zfsHook)(c, sub, ops.slice(1), flags);
  } else if (n === 'lvremove' || n === 'vgremove') {
    if (!words.some((w) => w === '-t' || w === '--test')) c.facts.destructive = 'volume-destroy';
  } else if (n === 'dmsetup' && words.includes('remove_all')) c.facts.destructive = 'volume-destroy';
  else if (n === 'losetup' || n === 'kpartx' || (n === 'cryptsetup' && ['open', 'luksOpen', 'close', 'luksClose', 'plainOpen', 'tcryptOpen', 'bitlkOpen', 'loopaesOpen'].includes(words.find((w) => !w.startsWith('-')) ?? ''))) {
    // attaching, opening or closing a mapping (a loop device, partitions, LUKS) writes nothing on the device
    c.facts.destructive = undefined;
    for (const a of c.facts.args) if (a.option === undefined && a.role === 'write') (a.role = 'read'), delete a.device;
  } else if (['pvcreate', 'vgcreate', 'vgextend'].includes(n) && words.some((w) => w === '-t' || w === '--test')) readOnly(c);
}

export const STORAGE = (): ProgramSpec[] => [
  // dd look-alikes and image writers: their output target is a device write
  prog(F, Object.keys(DD_KEYS).join('|'), 'dry-run ?h|help ?V|version v|verbose', 'none*', { pure: true, writesStdout: true, hook: ddKeys }),
  prog(F, 'ddrescue', DDRESCUE, 'read write write?', { pure: true, hook: firstTarget }),
  prog(F, 'dd_rescue', '?h|help ?V|version', 'read*', { loose: true, pure: true, hook: lastTarget }),
  prog(F, 'bmaptool|bmap-tools', 'q|quiet d|debug ?h|help ?version', 'none*', { subRequired: true, subs: {
    copy: cmd('bmap:read bmap-sig:read fingerprint:read keyring:read nobmap no-sig-verify no-verify psplash-pipe:write removable-device ?h|help', 'read write', { pure: true, hook: firstTarget }),
    create: cmd('o|output:write no-checksum ?h|help', 'read', { pure: true, writesStdout: true }),
  } }),
  // file system creators
  prog(F, FORMATTERS, 't|type:none F f q v n L:none U:none b:none m:none O:none E:none c', 'write none*', { loose: true, destructive: 'disk-format', hook: formatTargets }),
  prog(F, 'wipefs', 'a|all b|backup f|force n|no-act O|output:none p|parsable q|quiet t|types:none o|offset:none J|json ?h|help ?V|version', 'read+', { pure: true, hook: (c) => { if (c.facts.options.has('all') || c.facts.options.has('offset')) { c.facts.destructive ??= 'disk-format'; for (const a of c.facts.args) if (a.option === undefined) a.role = 'write'; diskTargets(c); } if (c.facts.options.has('no-act')) { c.facts.destructive = undefined; for (const a of c.facts.args) if (a.option === undefined) a.role = 'read'; } if (c.facts.options.has('backup') && c.args.length) { c.effect = true; c.facts.args.push({ role: 'write', word: c.args[0]!, text: '~/wipefs-backup.bak' }); } } }),
  // partition tables
  prog(F, 'sfdisk', 'l|list d|dump J|json s|show-size g|show-geometry F|list-free V|verify T|list-types n|no-act r|reorder A|activate delete part-type part-uuid part-label part-attrs disk-id c|change-id relocate:none move-data:: move-use-fsync a|append b|backup O|backup-file:write o|output:none X|label:none Y|label-nested:none w|wipe:none W|wipe-partitions:none u|unit:none N:none color:: lock:: sector-size:none f|force q|quiet no-reread no-tell-kernel L|Linux ?v|version ?h|help', 'none*', { destructive: 'disk-partition', hook: sfdiskHook }),
  prog(F, 'fdisk|cfdisk|gdisk|cgdisk|sgdisk|parted|partprobe|gparted', 'l|list s|script b:none u:none c:: w:none Z|zap-all o|clear z|zap d|delete:none n|new:none t|typecode:none f|force N:none print ?v|version ?h|help', 'none*', { loose: true, destructive: 'disk-partition', hook: (c) => { devOperands(c); const o = c.facts.options; if (c.facts.name === 'partprobe') return readOnly(c); /* asks the kernel to re-read a table */ if (o.has('list') || o.has('print') || partitionPrintOnly(c)) readOnly(c); } }),
  // pools, volumes, arrays, encrypted and raw devices
  prog(F, 'blkdiscard|hdparm|nvme|sg_format|badblocks|e2fsck|fsck|resize2fs|tune2fs|xfs_repair|btrfs|zpool|zfs|lvremove|vgremove|pvremove|pvcreate|vgcreate|vgextend|lvcreate|mdadm|dmsetup|cryptsetup|losetup|kpartx', 'f v q n y o:none s:none exec:line.sh', 'none*', { loose: true, pure: true, destructive: 'disk-modify', hook: volumeHook }),
  viewer(F, 'lvs|vgs|pvs|lvdisplay|vgdisplay|pvdisplay|lvscan', `a|all o|options:none O|sort:none S|select:none noheadings nosuffix units:none separator:none reportformat:none C|colon c|columns m|maps v|verbose ${HV}`, 'none*', { loose: true }),
];
