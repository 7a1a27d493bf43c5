#!/usr/bin/env node
// npm run bench: side by side with the shared baseline when its folder is present
// (bench/side-by-side.mjs), else the service's own figures (bench/run.mjs); then the rate
// limiter's stores (bench/ratelimit.mjs).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const node = (script) => spawnSync(process.execPath, [join(here, script)], { stdio: 'inherit' }).status;

let status = node('side-by-side.mjs');
// 3: no shared benchmark folder here.
if (status === 3) status = node('run.mjs');
if (status === 0) status = node('ratelimit.mjs');
process.exit(status ?? 1);
