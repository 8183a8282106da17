#!/usr/bin/env node
// Stryker writes its incremental results file indented (about 2.9 MB); kept in git on one line it is 1.2 MB with
// the same content. `npm run test:mutation` and `test:mutation:full` run this after Stryker.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../test/mutation/stryker-incremental.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(JSON.parse(readFileSync(file, 'utf8')))}\n`);
