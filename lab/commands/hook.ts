// `lab hook`: Claude Code PreToolUse (and Gemini CLI BeforeTool) hook; JSON on stdin.
// The same logic ships prebundled as dist/hook.mjs (npm run build) for fast start-up.
import { useRegexEngine } from '../../engine/index.ts';
import { re2Engine } from '../re2-engine.ts';
import { defaultPolicyFile, hookMain } from '../hook/node.ts';
import { DEFAULT_POLICY } from '../node-host.ts';

export async function run(_flags: Record<string, string | true>, _rest: string[]): Promise<number> {
  useRegexEngine(re2Engine);
  return hookMain(defaultPolicyFile(DEFAULT_POLICY));
}
