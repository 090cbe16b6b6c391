// The peers, in process: tree-sitter-bash through web-tree-sitter (parse + one full tree walk,
// the parser anchor) and cc-safety-net's `checkCommand` (its whole analysis of one command).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..', '..');
const pkgVersion = (name: string): string => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

export interface TreeSitterBash {
  /** Parse and visit every node once; returns the node count (so the walk cannot be skipped). */
  parseWalk(command: string): number;
  version: string;
}

export async function loadTreeSitter(): Promise<TreeSitterBash> {
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  const wasm = join(ROOT, 'node_modules', 'tree-sitter-bash', 'tree-sitter-bash.wasm');
  const lang = await Language.load(wasm);
  const parser = new Parser();
  parser.setLanguage(lang);
  return {
    version: `web-tree-sitter ${pkgVersion('web-tree-sitter')} + tree-sitter-bash ${pkgVersion('tree-sitter-bash')}`,
    parseWalk(command) {
      const tree = parser.parse(command);
      if (!tree) return 0;
      const c = tree.walk();
      let n = 0;
      for (;;) {
        n++;
        if (c.gotoFirstChild()) continue;
        while (!c.gotoNextSibling()) {
          if (!c.gotoParent()) {
            c.delete();
            tree.delete();
            return n;
          }
        }
      }
    },
  };
}

export interface SafetyNet {
  /** cc-safety-net's verdict: it only blocks or lets through ("allow" means no opinion). */
  check(command: string, cwd: string): 'allow' | 'deny' | 'error';
  version: string;
  bin: string;
}

export async function loadSafetyNet(): Promise<SafetyNet> {
  const api = (await import('cc-safety-net/api')) as { checkCommand: (i: { command: string; cwd: string }) => { kind: string } };
  const dir = join(ROOT, 'node_modules', 'cc-safety-net');
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string> };
  return {
    version: `cc-safety-net ${pkg.version}`,
    bin: join(dir, pkg.bin['cc-safety-net']!),
    check(command, cwd) {
      try {
        return api.checkCommand({ command, cwd }).kind === 'allow' ? 'allow' : 'deny';
      } catch {
        return 'error';
      }
    },
  };
}
