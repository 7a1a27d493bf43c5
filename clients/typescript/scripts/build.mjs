// Builds the client twice with tsc: ES modules (dist/esm) and CommonJS (dist/cjs), each with
// its type declarations; a package.json in each folder tells Node which format it holds. The
// sources import each other as `./x.ts` (so Jest, esbuild and tsc all read them as they are);
// tsc rewrites those to `./x.js` in the JavaScript, and this script does the same in the
// declarations, which tsc leaves as written.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

await rm(join(PACKAGE, 'dist'), { recursive: true, force: true });
for (const [project, type] of [
  ['tsconfig.esm.json', 'module'],
  ['tsconfig.cjs.json', 'commonjs'],
]) {
  const run = spawnSync(process.execPath, [tsc, '-p', join(PACKAGE, project)], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  const out = join(PACKAGE, 'dist', type === 'module' ? 'esm' : 'cjs');
  await writeFile(join(out, 'package.json'), `${JSON.stringify({ type })}\n`);
  for (const entry of await readdir(out, { recursive: true })) {
    if (!entry.endsWith('.d.ts')) continue;
    const file = join(out, entry);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/(from '\.{1,2}\/[^']+)\.ts'/g, "$1.js'"));
  }
}
