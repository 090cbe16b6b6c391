// `lab hook`: Claude Code PreToolUse / PostToolUse (and Gemini CLI BeforeTool) hook; JSON on stdin.
// The same logic ships prebundled as dist/hook.sh and dist/hook.mjs (npm run build).
// `lab hook install [--user|--project]` and `lab hook doctor [--json]` set it up and check it.
import { homedir } from 'node:os';
import { useRegexEngine } from '../../engine/index.ts';
import { re2Engine } from '../re2-engine.ts';
import { defaultPolicyFile, hookMain } from '../hook/node.ts';
import { DEFAULT_POLICY } from '../node-host.ts';
import { EXIT, UsageError } from '../ui.ts';

export async function run(flags: Record<string, string | true>, rest: string[]): Promise<number> {
  useRegexEngine(re2Engine);
  const [sub, ...more] = rest;
  if (sub === undefined) {
    if (Object.keys(flags).length) throw new UsageError('lab hook (the hook itself) takes no flags; see lab hook install / lab hook doctor');
    return hookMain(defaultPolicyFile(DEFAULT_POLICY));
  }
  if (more.length) throw new UsageError(`lab hook ${sub}: unexpected argument ${more[0]}`);
  const home = process.env.HOME || homedir();
  const project = process.env.CLAUDE_PROJECT_DIR || process.cwd();
  if (sub === 'install') {
    if (flags.user && flags.project) throw new UsageError('lab hook install: --user or --project, not both');
    if (flags.json !== undefined && Object.keys(flags).some((f) => !['user', 'project', 'json'].includes(f))) throw new UsageError('lab hook install [--user|--project] [--json]');
    const { installHook, settingsPath } = await import('../hook/install.ts');
    const file = settingsPath(flags.project ? 'project' : 'user', process.env, home, project);
    let r;
    try {
      r = installHook(file);
    } catch (e) {
      process.stderr.write(`lab hook install: ${(e as Error).message}\n`);
      return EXIT.fail;
    }
    if (flags.json) process.stdout.write(JSON.stringify(r, null, 2) + '\n');
    else {
      process.stdout.write(r.added.length ? `installed gatelab for ${r.added.join(' and ')} in ${r.file}${r.backup ? ` (backup: ${r.backup})` : ''}\n` : `gatelab is already installed in ${r.file}\n`);
      for (const w of r.warnings) process.stderr.write(`warning: ${w}\n`);
    }
    return EXIT.ok;
  }
  if (sub === 'doctor') {
    if (flags.user || flags.project) throw new UsageError('lab hook doctor [--json]');
    const { doctor, renderDoctor } = await import('../hook/doctor.ts');
    const r = doctor(project, home, process.env, defaultPolicyFile(DEFAULT_POLICY));
    process.stdout.write(flags.json ? JSON.stringify(r, null, 2) + '\n' : renderDoctor(r));
    return r.ok ? EXIT.ok : EXIT.fail;
  }
  throw new UsageError(`lab hook: unknown subcommand ${sub} (install, doctor, or none for the hook itself)`);
}
