// Block devices: writing one destroys the filesystem on it.
const DISK_PREFIXES = ['sd', 'hd', 'vd', 'xvd', 'nvme', 'mmcblk', 'disk', 'rdisk', 'md', 'dm-', 'mapper/', 'nbd', 'loop', 'sr', 'zd', 'root', 'mtdblock', 'mtd', 'ubi', 'bcache', 'drbd', 'rbd', 'pmem', 'mem', 'kmem', 'port', 'sg', 'ng', 'dasd'];

/** A block device (or raw memory) path under /dev. */
export function isBlockDevice(p: string): boolean {
  if (!p.startsWith('/dev/')) return false;
  const rest = p.slice(5);
  if (rest.startsWith('disk/by-') || rest.startsWith('block/')) return true;
  for (const d of DISK_PREFIXES) if (rest.startsWith(d)) return true;
  // /dev/<vg>/<lv>: LVM volumes are block devices too.
  const slash = rest.indexOf('/');
  return slash > 0 && !rest.startsWith('fd/') && !rest.startsWith('pts/') && !rest.startsWith('shm/') && !rest.startsWith('mqueue/') && !rest.startsWith('hugepages/') && !rest.startsWith('net/') && !rest.startsWith('input/') && !rest.startsWith('snd/') && !rest.startsWith('dri/') && !rest.startsWith('bus/') && !rest.startsWith('char/') && !rest.startsWith('cpu/') && !rest.startsWith('tcp/') && !rest.startsWith('udp/');
}

const NOT_DISKS = ['/dev/null', '/dev/zero', '/dev/full', '/dev/std', '/dev/tty', '/dev/pts/', '/dev/shm/', '/dev/fd/', '/dev/random', '/dev/urandom', '/dev/tcp/', '/dev/udp/', '/dev/mqueue/'];

/**
 * A disk tool's dynamic target that could name a block device: it starts with an expansion
 * (`$DISK`, `"$(…)"`, `` `…` ``) or lies in /dev outside the sinks and streams (`/dev/$d`,
 * `/dev/sd*`); not `out/$x.img` or `/tmp/$f`, which something static fixes elsewhere first.
 */
export function mayBeDevice(text: string): boolean {
  const t = text.startsWith('"') ? text.slice(1) : text;
  if (t[0] === '$' || t[0] === '`') return true;
  if (!t.startsWith('/dev/')) return false;
  let k = 5;
  while (k < t.length && !'$`*?[{'.includes(t[k]!)) k++;
  const prefix = t.slice(0, k);
  return !NOT_DISKS.some((d) => prefix.startsWith(d));
}
