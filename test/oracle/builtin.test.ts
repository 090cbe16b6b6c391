// The built-in tricky commands under the bash oracle (issue 3, "Bash as the oracle").
import { ORACLE_COMMANDS } from './commands.ts';
import { defineOracleSuite } from './suite.ts';

// The command itself names the test, so adding commands never renames the others.
const cases = ORACLE_COMMANDS.map((command) => ({ id: JSON.stringify(command), command }));
await defineOracleSuite('bash oracle: built-in tricky commands', cases);
