// Archivers and compressors: -C changes the folder, -f names the archive, extraction writes,
// --to-command / --checkpoint-action=exec / --use-compress-program run commands.
import { HV, prog, viewer } from '../dsl.ts';
import type { HookContext, ProgramSpec } from '../types.ts';
import { contentsInto, dotContents } from '../hooks.ts';

const F = 'archive';

/** Extraction with no target folder writes into the current one. */
function intoCwd(c: HookContext): void {
  const w = c.operands[0] ?? c.args[0];
  if (w) c.facts.args.push({ role: 'dir-target', word: w, text: '.', option: 'directory', members: true });
  c.effect = true;
}

/** Extraction into a folder named by an option value (tar -C, unzip -d, 7z -o): its members land below it. */
function intoOption(c: HookContext, option: string): boolean {
  const d = c.facts.args.find((a) => a.option === option);
  if (!d) return false;
  d.role = 'dir-target';
  d.members = true;
  c.effect = true;
  return true;
}

/** An archive name with a `host:` part (tar -f host:x.tar) is opened through rsh/ssh. */
function remoteArchive(t: string): boolean {
  const colon = t.indexOf(':');
  const slash = t.indexOf('/');
  return colon > 0 && (slash < 0 || colon < slash);
}

function tarHook(c: HookContext): void {
  const f = c.facts;
  const o = f.options;
  // --delete rewrites the archive in place, like -r/-u/-A
  const creating = o.has('create') || o.has('append') || o.has('update') || o.has('catenate') || o.has('delete');
  const extracting = o.has('extract');
  const listing = o.has('list') || o.has('diff');
  for (const a of f.args) {
    if (a.option === 'file') {
      a.role = creating ? 'write' : 'read';
      const t = a.text ?? (a.word.static ? a.word.value : undefined);
      if (t === undefined || (remoteArchive(t) && !o.has('force-local'))) {
        // rsh/ssh opens host:file (or a dynamic name that may be one)
        if (t !== undefined) {
          a.role = 'network';
          a.direction = creating ? 'out' : 'in';
        }
        if (t !== undefined) f.network = true;
      }
    }
    if (a.option === undefined && a.role === 'read') {
      if (extracting || o.has('delete')) a.role = 'none'; // member names
      else if (creating) a.recursive = true; // tar -c DIR reads the whole tree
      if (o.has('remove-files') && creating) a.role = 'delete';
    }
    if (a.option === 'checkpoint-action') {
      const t = a.word.static ? (a.text ?? a.word.value ?? '') : undefined;
      if (t === undefined) f.issues.push('dynamic --checkpoint-action');
      else if (t.startsWith('exec=')) {
        a.role = 'exec-line';
        a.text = t.slice(5);
        a.language = 'sh';
      } else a.role = 'none';
    }
  }
  if (o.has('remove-files')) for (const a of f.args) if (a.role === 'delete') a.recursive = true;
  // the archive is opened where tar starts; -C moves only where the members resolve
  const file = f.args.filter((a) => a.option === 'file');
  if (file.length && f.args.some((a) => a.role === 'cwd')) f.args = [...file, ...f.args.filter((a) => a.option !== 'file')];
  if (!o.has('file') && creating) f.writesStdout = true;
  if (!o.has('file') && (extracting || listing)) f.stdin = 'data';
  if (extracting && !o.has('to-stdout')) {
    // extraction writes into the folder (-C DIR or the current one): its members land below it
    const dir = f.args.find((a) => a.role === 'cwd');
    // (`.` after the -C, which moves where it resolves)
    if (dir) f.args.push({ role: 'dir-target', word: dir.word, option: 'directory', members: true, text: '.' });
    else intoCwd(c);
    c.effect = true;
    if (o.has('absolute-names')) {
      // -P keeps leading / and .. in member names: they can land anywhere
      f.destructive ??= 'archive-absolute-paths';
      const w = c.args[0];
      if (w) f.args.push({ role: 'dir-target', word: w, text: '/', option: 'absolute-names', members: true });
    }
  }
  if (!creating && !extracting && !listing && !f.info) f.issues.push('tar without a mode (-c, -x, -t …)');
  if (listing && !extracting && !creating) for (const a of f.args) if (a.option === undefined) a.role = 'none';
}

const TAR = 'A|catenate|concatenate c|create d|diff|compare delete r|append t|list test-label u|update x|extract|get C|directory:cwd f|file:read v|verbose z|gzip|gunzip|ungzip j|bzip2 J|xz Z|compress a|auto-compress zstd lzip lzma lzop I|use-compress-program:line to-command:line.sh checkpoint:: checkpoint-action:line rsh-command:line F|info-script|new-volume-script:line.sh k|keep-old-files overwrite keep-newer-files skip-old-files unlink-first U recursive-unlink p|preserve-permissions same-permissions same-owner no-same-owner no-same-permissions numeric-owner owner:none group:none mode:none mtime:none exclude:none T|files-from:read.list X|exclude-from:read O|to-stdout strip-components:none transform|xform:none wildcards no-wildcards h|dereference P|absolute-names remove-files W|verify totals:: null force-local s|same-order|preserve-order S|sparse b|blocking-factor:none B|read-full-records i|ignore-zeros ignore-failed-read g|listed-incremental:write G|incremental index-file:write xattrs no-xattrs acls selinux one-file-system anchored no-anchored exclude-vcs exclude-vcs-ignores exclude-caches exclude-backups ignore-case show-transformed-names show-stored-names sort:none format|H:none posix warning:none label|V:none N|newer|after-date:none newer-mtime:none K|starting-file:none M|multi-volume L|tape-length:none R|block-number l|check-links o w|interactive|confirmation q|quiet ?help ?usage ?version';

export const ARCHIVE = (): ProgramSpec[] => [
  prog(F, 'tar|gtar|bsdtar', TAR, 'read*', { bundleFirst: true, pure: true, hook: tarHook }),
  prog(F, 'zip', 'r|recurse-paths R j|junk-paths q|quiet v|verbose m|move d|delete u|update f|freshen e|encrypt P|password:none 0 1 2 3 4 5 6 7 8 9 x|exclude:none i|include:none T|test TT|unzip-command:line.sh y|symlinks D|no-dir-entries b:dir A|adjust-sfx F|fix FF g|grow o|latest-time X|no-extra z|archive-comment c|entry-comments l|to-crlf ll|from-crlf n|suffixes:none s|split-size:none sf O|output-file:write @ ?h|help', 'write read*', { singleDash: true, hook: (c) => { const deep = c.facts.options.has('recurse-paths') || c.facts.options.has('R'); /* -r reads each folder whole; -@ reads the files named on stdin */ for (const a of c.facts.args) if (deep && a.role === 'read' && a.option === undefined) a.recursive = true; if (c.facts.options.has('@') && c.args[0]) c.facts.args.push({ role: 'read', word: c.args[0], language: 'stdin-list', text: '-' }); if (c.facts.options.has('move')) for (const a of c.facts.args) if (a.role === 'read' && a.option === undefined) { a.role = 'delete'; if (deep) a.recursive = true; } if (c.facts.options.has('delete')) for (const a of c.facts.args) if (a.role === 'read' && a.option === undefined) a.role = 'none'; } }),
  prog(F, 'unzip', 'l t v z Z p c f u n o|overwrite j C L V X a aa b q qq d:dir x:none P:none M K UU O:none I:none ?h|help', 'read none*', { pure: true, hook: (c) => { const o = c.facts.options; if (o.has('l') || o.has('t') || o.has('v') || o.has('z') || o.has('Z') || o.has('p') || o.has('c')) return; if (!intoOption(c, 'd')) intoCwd(c); } }),
  // rar COMMAND -SWITCHES ARCHIVE [FILES…] [DEST/]: a/u/f add, m moves (deletes the sources), -df deletes them after adding
  prog(F, 'rar|unrar', 'df dh dr ep ep1 ep2 ep3 ad ai ap:: as cfg- k kb o+ o- or ow ol os r r- r0 s s- t tl u y f idq id:: inul ilog:: hp:: p:: m:: ma:: md:: v:: x:: n:: w:dir op::dir ?h|help', 'none read*', { pure: true, singleDash: true, hook: (c) => {
    const cmd = c.operands[0];
    const v = cmd && cmd.static ? cmd.value : undefined;
    const arc = c.facts.args.find((a) => a.word === c.operands[1]);
    if (v === 'l' || v === 'lt' || v === 'lb' || v === 'v' || v === 'vt' || v === 'vb' || v === 't' || v === 'p' || v === 'i') return;
    if (v === 'a' || v === 'u' || v === 'f' || v === 'm' || v === 'mf') {
      if (arc) arc.role = 'write';
      const moves = v === 'm' || v === 'mf' || c.facts.options.has('df');
      if (moves) for (const a of c.facts.args) if (a.role === 'read' && a.option === undefined && a !== arc) { a.role = 'delete'; a.recursive = true; }
      c.effect = true;
    } else if (v === 'd' || v === 'c' || v === 'ch' || v === 'k' || v === 'r' || v === 'rc' || v === 'rn' || v === 'rr' || v === 's') {
      if (arc) arc.role = 'write';
      for (const a of c.facts.args) if (a.role === 'read' && a.option === undefined && a !== arc) a.role = 'none';
      c.effect = true;
    } else if (v === 'x' || v === 'e') {
      // the destination is a last operand ending in / (or -op), else the cwd
      const last = c.operands.length > 2 ? c.operands[c.operands.length - 1] : undefined;
      const dest = last && last.static && last.value!.endsWith('/') ? c.facts.args.find((a) => a.word === last) : undefined;
      if (dest) Object.assign(dest, { role: 'dir-target', members: true });
      else if (!intoOption(c, 'op')) intoCwd(c);
      for (const a of c.facts.args) if (a.option === undefined && a.role === 'read' && a !== arc) a.role = 'none';
      c.effect = true;
    } else c.facts.issues.push(`unknown rar command ${cmd ? cmd.approx : ''}`);
  } }),
  prog(F, '7z|7za|7zr', 'o:dir w:dir y p:none r t:none m:none x:none i:none so si bb:: bs:: ao:: mmt:: sdel', 'none read*', { pure: true, singleDash: true, hook: (c) => { const cmd = c.operands[0]; const v = cmd && cmd.static ? cmd.value : undefined; if (v === 'l' || v === 't' || v === 'i' || v === 'h') return; if (v === 'a' || v === 'u' || v === 'd' || v === 'rn') { const arc = c.facts.args.find((a) => a.word === c.operands[1]); if (arc) arc.role = 'write'; /* a and u add folders whole */ if (v === 'a' || v === 'u') for (const a of c.facts.args) if (a.role === 'read' && a.option === undefined) a.recursive = true; if (c.facts.options.has('sdel')) for (const a of c.facts.args) if (a.role === 'read' && a.option === undefined && a.word !== c.operands[1]) { a.role = 'delete'; a.recursive = true; } c.effect = true; } else if (v === 'x' || v === 'e') { if (!intoOption(c, 'o')) intoCwd(c); for (const a of c.facts.args) if (a.option === undefined && a.role === 'read' && a.word !== c.operands[1]) a.role = 'none'; } else c.facts.issues.push(`unknown 7z command ${cmd ? cmd.approx : ''}`); } }),
  ...['gzip|gunzip|pigz|unpigz', 'bzip2|bunzip2|pbzip2', 'xz|unxz|lzma|unlzma', 'zstd|unzstd|pzstd', 'lz4|unlz4', 'brotli|lzip|lzop'].map((n) =>
    prog(F, n, `c|stdout|to-stdout d|decompress|uncompress f|force k|keep l|list n|no-name N|name q|quiet r|recursive S|suffix:none t|test v|verbose 1|fast 2 3 4 5 6 7 8 9|best T|threads:none o|output:write z|compress e|extreme M|memory:none rm long:: ultra ${HV} ?V|L|license`, 'write*', { pure: true, hook: (c) => { const o = c.facts.options; if (o.has('stdout') || o.has('list') || o.has('test')) { for (const a of c.facts.args) if (a.option === undefined) a.role = 'read'; return; } if (!c.operands.length) { c.facts.stdin = 'data'; c.facts.writesStdout = true; } if (!o.has('keep')) for (const a of [...c.facts.args]) if (a.option === undefined && a.role === 'write') c.facts.args.push({ role: 'delete', word: a.word }); } }),
  ),
  prog(F, 'cpio', 'o|create i|extract p|pass-through t|list d|make-directories v|verbose u|unconditional m|preserve-modification-time F|file:read O:write I:read H|format:none D|directory:cwd E|pattern-file:read R|owner:none no-absolute-filenames absolute-filenames rsh-command:line to-stdout 0|null a|reset-access-time B c:none ?help ?version', 'none*', { stdin: 'data', pure: true, hook: (c) => { const o = c.facts.options; if (o.has('create')) { const out = c.facts.args.find((a) => a.option === 'file'); if (out) out.role = 'write'; else c.facts.writesStdout = true; /* the files it archives are named on stdin */ c.effect = true; if (c.args[0]) c.facts.args.push({ role: 'read', word: c.args[0], language: 'stdin-list', text: '-' }); return; } if (o.has('list')) return; if (o.has('pass-through')) { const d = c.facts.args.find((a) => a.option === undefined); if (d) { d.role = 'dir-target'; d.members = true; } c.effect = true; /* copying the files named on stdin */ if (c.args[0]) c.facts.args.push({ role: 'read', word: c.args[0], language: 'stdin-list', text: '-' }); return; } if (o.has('extract')) { const d = c.facts.args.find((a) => a.role === 'cwd'); if (d) c.facts.args.push({ role: 'dir-target', word: d.word, members: true, text: '.' }); else intoCwd(c); /* GNU cpio keeps absolute member names unless told not to */ if (!o.has('no-absolute-filenames') && c.args[0]) c.facts.args.push({ role: 'dir-target', word: c.args[0], text: '/', option: 'absolute-filenames', members: true }); c.effect = true; return; } c.facts.issues.push('cpio without a mode'); } }),
  // zipinfo and lsar only list; unar extracts into -o DIR or the current folder
  viewer(F, 'zipinfo', '1 2 s m l v h M t T z C W x:none O:none I:none ?help', 'read none*'),
  viewer(F, 'lsar', 'l|long L|verylong t|test p|password:none e|encoding:none j|json ?v|version ?h|help', 'read none*'),
  prog(F, 'unar', 'o|output-directory:dir f|force-overwrite r|force-rename s|force-skip d|force-directory D|no-directory p|password:none e|encoding:none i|no-recursion q|quiet k|forks:none ?v|version ?h|help', 'read none*', { pure: true, hook: (c) => { if (!intoOption(c, 'output-directory')) intoCwd(c); for (const a of c.facts.args) if (a.option === undefined && a.role === 'read' && a.word !== c.operands[0]) a.role = 'none'; } }),
  prog(F, 'ar', 'd m p q r s t x c u v o a b i N:none P T D U ?help ?version', 'write read*', { bundleFirst: true, pure: true, hook: (c) => { const o = c.facts.options; if ((o.has('t') || o.has('p')) && !o.has('s')) { for (const a of c.facts.args) a.role = a.role === 'write' ? 'read' : 'none'; return; } if (o.has('x')) { for (const a of c.facts.args) if (a.role === 'write') a.role = 'read'; else if (a.option === undefined) a.role = 'none'; intoCwd(c); } } }),
  prog(F, 'rsync', 'v|verbose q|quiet c|checksum a|archive r|recursive R|relative b|backup backup-dir:dir suffix:none u|update inplace append l|links L|copy-links H|hard-links p|perms E|executability o|owner g|group D devices specials t|times n|dry-run W|whole-file x|one-file-system e|rsh:line rsync-path:line delete@rsync-delete delete-before delete-during delete-delay delete-after delete-excluded remove-source-files ignore-existing existing z|compress exclude:none include:none exclude-from:read include-from:read files-from:read.list from0 P progress h|human-readable i|itemize-changes f|filter:none F stats partial partial-dir:dir checksum-choice:none chmod:none chown:none info:none debug:none port:none password-file:read list-only address:none bwlimit:none timeout:none contimeout:none blocking-io protect-args|s no-motd log-file:write log-file-format:none write-batch:write only-write-batch:write read-batch:read config:config daemon 8|8-bit-output ignore-times size-only modify-window:none T|temp-dir:dir y|fuzzy compare-dest:read copy-dest:read link-dest:read numeric-ids usermap:none groupmap:none k|copy-dirlinks K|keep-dirlinks O|omit-dir-times J|omit-link-times S|sparse preallocate A|acls X|xattrs m|prune-empty-dirs 4|ipv4 6|ipv6 ?version ?help', 'read+ dest', { network: true, hook: (c) => { const f = c.facts; const deep = f.options.has('archive') || f.options.has('recursive'); /* -a/-r read each folder whole; SRC/ (or .) copies what SRC holds */ if (deep) for (const a of f.args) if (a.option === undefined && a.role === 'read') a.recursive = true; contentsInto(c, deep, (t) => t.endsWith('/') || dotContents(t)); for (const a of f.args) { const t = a.word.static ? a.word.value ?? '' : a.word.approx; if (a.option === undefined && (t.includes(':') && !t.startsWith('/') && !t.startsWith('./'))) { a.direction = a.role === 'read' ? 'in' : 'out'; a.role = 'network'; } } for (const k of ['delete', 'delete-before', 'delete-during', 'delete-delay', 'delete-after', 'delete-excluded']) if (f.options.has(k)) f.destructive ??= 'rsync-delete'; const dest = f.args.find((a) => a.option === undefined && (a.role === 'write' || a.role === 'dir-target')); if (f.destructive === 'rsync-delete' && dest) f.args.push({ role: 'delete', word: dest.word, recursive: true, ...(dest.text !== undefined ? { text: dest.text } : {}) }); if (f.options.has('remove-source-files')) for (const a of f.args) if (a.role === 'read' && a.option === undefined) a.role = 'delete'; if (!f.args.some((a) => a.role === 'network')) f.network = false; if (f.options.has('dry-run')) { f.destructive = undefined; for (const a of f.args) if (a.option === undefined && (a.role === 'write' || a.role === 'dir-target' || a.role === 'delete')) a.role = 'read'; } } }),
];
