// Builds dist/ from src/ once, and again only when an input changed: `npm start`, `npm run cli`
// and `npm test` call this instead of compiling every time (a build takes seconds; the check
// takes milliseconds). Inputs are the files under src/ (the browser script's own tsconfig
// included), the tsconfig files and the lockfile; their paths, sizes and modification times make
// a fingerprint stored in dist/.build-stamp. Two programs are compiled: the service
// (tsconfig.build.json) and the developer page's browser script (its own tsconfig, DOM library).
//
//   node scripts/ensure-built.mjs          build if an input changed since the last build
//   node scripts/ensure-built.mjs --force  build anyway (npm run build)
//
// Everything it prints goes to stderr, so `npm run --silent cli -- … --json` keeps stdout for
// the command's one JSON document.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join(ROOT, 'dist', '.build-stamp');
const OUTPUTS = ['dist/main.js', 'dist/cli.js', 'dist/mcp-stdio.js', 'dist/modules/developers/browser/app.js'];
/** The TypeScript programs of a build, in order: the service, then the browser script it serves. */
const PROJECTS = ['tsconfig.build.json', 'src/modules/developers/browser/tsconfig.json'];
const INPUT_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** A digest of every input's path, size and modification time. */
export async function fingerprint() {
  const files = [...INPUT_FILES.map((file) => join(ROOT, file)).filter((file) => existsSync(file))];
  for await (const file of walk(join(ROOT, 'src'))) files.push(file);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const info = await stat(file);
    hash.update(`${relative(ROOT, file)}\0${info.size}\0${info.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

export async function isStale() {
  if (OUTPUTS.some((file) => !existsSync(join(ROOT, file)))) return true;
  const stored = await readFile(STAMP, 'utf8').catch(() => '');
  return stored.trim() !== (await fingerprint());
}

/** The running compiler, if any, so that a caller can stop it on a signal. */
export let compiler;

/** Runs tsc on one project with its report on stderr; resolves to its exit code. */
async function compile(project) {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const code = await new Promise((resolve) => {
    compiler = spawn(process.execPath, [tsc, '-p', join(ROOT, project)], {
      cwd: ROOT,
      stdio: ['ignore', 2, 2],
    });
    compiler.on('error', (error) => {
      process.stderr.write(`cannot run the TypeScript compiler (${error.message}); run npm ci first\n`);
      resolve(1);
    });
    compiler.on('exit', (exitCode, signal) => resolve(signal ? 1 : exitCode));
  });
  compiler = undefined;
  return code;
}

/** Runs tsc on every project with its report on stderr; resolves true when all succeeded. */
export async function build() {
  const before = await fingerprint();
  for (const project of PROJECTS) {
    if ((await compile(project)) !== 0) return false;
  }
  // The fingerprint taken before compiling: a file edited during the build makes the next
  // check build again rather than trust output that may predate the edit.
  const temporary = `${STAMP}.${process.pid}`;
  await writeFile(temporary, `${before}\n`);
  await rename(temporary, STAMP);
  return true;
}

/** Builds when needed; returns false (after tsc has reported why) when the build failed. */
export async function ensureBuilt({ force = false } = {}) {
  if (!force && !(await isStale())) return true;
  if (!existsSync(join(ROOT, 'node_modules', 'typescript'))) {
    process.stderr.write('dist/ is missing or out of date and the TypeScript compiler is not installed: run npm ci first\n');
    return false;
  }
  process.stderr.write(force ? 'building dist/ …\n' : 'sources changed since the last build: building dist/ …\n');
  return build();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ok = await ensureBuilt({ force: process.argv.includes('--force') });
  process.exitCode = ok ? 0 : 1;
}
