// Every program the effect model names has a spec (so none falls back to "unknown" by accident).
import { describe, expect, it } from 'vitest';
import { lookup, programNames } from '../../engine/programs/index.ts';

const FAMILIES: Record<string, string> = {
  coreutils: 'cp mv ln install rm rmdir unlink shred chmod chown chgrp touch mkdir mkfifo mknod truncate tee dd split csplit sort uniq cat head tail wc cut tr column diff cmp comm file stat ls du df basename dirname realpath readlink md5sum sha256sum od xxd hexdump strings nl fmt fold paste join tac rev env printenv id whoami uname date echo printf test expr seq sleep',
  findutils: 'find xargs locate',
  shells: 'sh bash dash zsh ksh fish busybox source . eval trap cd',
  wrappers: 'sudo doas su runuser timeout nice ionice nohup stdbuf time command builtin exec setsid watch flock chrt taskset parallel unbuffer script strace ltrace gdb chroot unshare nsenter firejail bwrap systemd-run at batch',
  git: 'git',
  packages: 'npm npx pnpm yarn bun pip pip3 pipx uv poetry cargo go make cmake ninja pytest tox nox rake bundle gem composer mvn gradle deno',
  archive: 'tar zip unzip 7z gzip xz bzip2 zstd cpio ar rsync',
  network: 'curl wget nc ncat socat telnet ftp ssh scp sftp openssl redis-cli mysql psql mongo http https aria2c lynx dig nslookup host',
  editors: 'vi vim nvim nano emacs ed ex',
  interpreters: 'python python3 node perl ruby php lua Rscript julia tclsh expect osascript awk gawk mawk sed jq yq',
  system: 'mkfs mkfs.ext4 mke2fs wipefs fdisk sfdisk parted sgdisk blkdiscard hdparm mkswap swapon losetup cryptsetup mount umount systemctl service crontab useradd usermod passwd chpasswd visudo iptables nft kill pkill killall reboot shutdown halt poweroff kubectl helm docker podman terraform aws gcloud az',
  viewers: 'less more grep rg ag ps top tree which type sha1sum sha512sum',
};

describe('coverage', () => {
  for (const [family, list] of Object.entries(FAMILIES))
    it(family, () => {
      const missing = list.split(' ').filter((n) => !lookup(n));
      expect(missing).toEqual([]);
    });
  it('holds several hundred programs', () => {
    expect(programNames().length).toBeGreaterThanOrEqual(300);
  });
});

describe('every grammar builds', () => {
  it('the option language of every spec and subcommand is well formed', async () => {
    const { allSpecs } = await import('../../engine/programs/specs/index.ts');
    const ALL_SPECS = allSpecs();
    let n = 0;
    const walk = (c: import('../../engine/programs/types.ts').CommandSpec) => {
      expect(c.grammar.all.length).toBeGreaterThanOrEqual(0);
      n++;
      if (c.subs) for (const s of c.subs.values()) walk(s);
    };
    for (const s of ALL_SPECS) walk(s);
    expect(n).toBeGreaterThan(ALL_SPECS.length);
  });
});
