// Tests run the engine on the same native RE2 the CLI uses.
import { useRegexEngine } from '../engine/index.ts';
import { re2Engine } from '../lab/re2-engine.ts';

useRegexEngine(re2Engine);
