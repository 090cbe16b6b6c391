// Disk, volume and pool tools (specs/storage.ts): the device each writes and what it destroys by name.
import { describe, expect, it } from 'vitest';
import { dyn, roles, run } from './helpers.ts';

/** The texts of every operand or option written as a device target. */
function devices(f: ReturnType<typeof run>): string[] {
  return f.args.filter((a) => a.role === 'write' && a.device).map((a) => a.text ?? a.word.approx);
}

describe('dd look-alikes write their target as a device', () => {
  const rows: [string, string[]][] = [
    ['dcfldd if=/dev/zero of=/dev/sda hashlog=h.txt', ['/dev/sda']],
    ['dc3dd wipe=/dev/sda', ['/dev/sda']],
    ['dc3dd if=/dev/zero hof=/dev/sdb log=l.txt', ['/dev/sdb']],
    ['sg_dd if=/dev/zero of=/dev/sg0 bs=512', ['/dev/sg0']],
    ['ddpt if=/dev/zero of=/dev/sda of2=/dev/sdb', ['/dev/sda', '/dev/sdb']],
    ['ddrescue -f /dev/zero /dev/sda map', ['/dev/sda']],
    ['dd_rescue -A /dev/zero /dev/vdb', ['/dev/vdb']],
    ['bmaptool copy img /dev/sda', ['/dev/sda']],
    ['mkreiserfs -f /dev/sdb1', ['/dev/sdb1']],
    ['mkfs.f2fs -l data /dev/sdb1', ['data', '/dev/sdb1']],
    ['pvcreate -ff /dev/sdb', ['/dev/sdb']],
    ['zpool create tank mirror sdb sdc', ['/dev/sdb', '/dev/sdc']],
    ['zpool attach tank sdb sdc', ['/dev/sdc']],
    ['zpool labelclear -f /dev/sdb', ['/dev/sdb']],
    ['sfdisk --delete /dev/sda 1', ['/dev/sda']],
  ];
  for (const [cmd, want] of rows) it(cmd, () => expect(devices(run(...cmd.split(' ')))).toEqual(want));
  it('a dynamic dc3dd target may be a device', () => expect(run('dcfldd', 'if=/dev/zero', dyn('of=$DISK')).args.some((a) => a.device && a.approx === '$DISK')).toBe(true));
  it('pv -o writes its output file', () => expect(roles(run('pv', '-o', '/dev/sda', '/dev/zero')).write).toEqual(['/dev/sda']));
  it('socat opens a file address read-write unless -u / -U / rdonly narrow it', () => {
    expect(roles(run('socat', 'OPEN:/dev/zero', 'OPEN:/dev/sda'))).toMatchObject({ write: ['/dev/zero', '/dev/sda'], read: ['/dev/zero', '/dev/sda'] });
    expect(roles(run('socat', '-u', 'FILE:/a', 'GOPEN:/b'))).toMatchObject({ read: ['/a'], write: ['/b'] });
    expect(roles(run('socat', 'OPEN:/dev/sda,rdonly', '-')).write).toBeUndefined();
    expect(roles(run('socat', 'TCP:host:80', '-')).write).toBeUndefined();
  });
});

describe('listings and dry runs write nothing', () => {
  for (const cmd of ['sfdisk -l /dev/sda', 'sfdisk -d /dev/sda', 'sfdisk --part-type /dev/sda 1', 'fdisk -l', 'mke2fs -n /dev/sdb1', 'mkfs.xfs -N /dev/sdb1', 'zpool create -n tank sdb', 'zpool status', 'zfs list', 'cryptsetup open /dev/sda2 data', 'mdadm --detail /dev/md0', 'partprobe /dev/sda', 'lvremove -t vg0/root'])
    it(cmd, () => {
      const f = run(...cmd.split(' '));
      expect(devices(f)).toEqual([]);
      expect(f.destructive === undefined || f.destructive === 'disk-modify' || f.destructive === 'disk-partition').toBe(true);
      expect(f.destructive).not.toBe('volume-destroy');
    });
});

describe('volumes destroyed by name', () => {
  for (const cmd of ['zpool destroy -f rpool', 'zfs destroy -r rpool', 'zfs destroy -R rpool@x', 'lvremove -f vg0/root', 'vgremove -f vg0', 'dmsetup remove_all'])
    it(cmd, () => expect(run(...cmd.split(' ')).destructive).toBe('volume-destroy'));
  it('zfs destroy of a snapshot alone is not catastrophic', () => expect(run('zfs', 'destroy', 'rpool@x').destructive).toBe('disk-modify'));
  it('btrfs subvolume delete deletes each tree it names', () => {
    const f = run('btrfs', 'subvolume', 'delete', '/', './snap');
    expect(f.args.filter((a) => a.role === 'delete' && a.recursive).map((a) => a.word.approx)).toEqual(['/', './snap']);
    expect(roles(run('btrfs', 'su', 'del', '/x')).delete).toEqual(['/x']);
  });
});
