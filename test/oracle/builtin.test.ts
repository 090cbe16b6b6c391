// The built-in tricky commands under the bash oracle (issue 3, "Bash as the oracle").
import { ORACLE_COMMANDS } from './commands.ts';
import { defineOracleSuite } from './suite.ts';

const cases = ORACLE_COMMANDS.map((command, i) => ({ id: `builtin-${String(i).padStart(3, '0')}: ${JSON.stringify(command).slice(0, 70)}`, command }));
await defineOracleSuite('bash oracle: built-in tricky commands', cases);
