// The native RE2 addon behind the engine's regex interface (Node only).
import RE2 from 're2';
import type { RegexEngine } from '../engine/index.ts';

export const re2Engine: RegexEngine = {
  name: 're2',
  compile(source, opts) {
    const re = new RE2(source, opts?.ignoreCase ? 'iu' : 'u');
    return { source, test: (text) => re.test(text) };
  },
};
