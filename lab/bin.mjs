#!/usr/bin/env node
// The `lab` command: runs the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';

register();
const { main, quietOnEpipe } = await import('./main.ts');
quietOnEpipe();
process.exitCode = await main(process.argv.slice(2));
