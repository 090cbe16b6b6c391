// Block devices: writing one destroys the filesystem on it.
const DISK_PREFIXES = ['sd', 'hd', 'vd', 'xvd', 'nvme', 'mmcblk', 'disk', 'rdisk', 'md', 'dm-', 'mapper/', 'nbd', 'loop', 'sr', 'zd', 'root', 'mtdblock', 'mtd', 'ubi', 'bcache', 'drbd', 'rbd', 'pmem', 'mem', 'kmem', 'port'];

/** A block device (or raw memory) path under /dev. */
export function isBlockDevice(p: string): boolean {
  if (!p.startsWith('/dev/')) return false;
  const rest = p.slice(5);
  if (rest.startsWith('disk/by-') || rest.startsWith('block/')) return true;
  for (const d of DISK_PREFIXES) if (rest.startsWith(d)) return true;
  // /dev/<vg>/<lv>: LVM volumes are block devices too.
  const slash = rest.indexOf('/');
  return slash > 0 && !rest.startsWith('fd/') && !rest.startsWith('pts/') && !rest.startsWith('shm/') && !rest.startsWith('mqueue/') && !rest.startsWith('hugepages/') && !rest.startsWith('net/') && !rest.startsWith('input/') && !rest.startsWith('snd/') && !rest.startsWith('dri/') && !rest.startsWith('bus/') && !rest.startsWith('char/') && !rest.startsWith('cpu/');
}
