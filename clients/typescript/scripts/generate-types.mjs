// Generates src/generated/openapi.ts, the client's types, from the service's own OpenAPI
// document (GET /v1/openapi.json) with openapi-typescript, so the client cannot drift from the
// API: test/client-types.e2e-spec.ts regenerates them from the running app and fails on any
// difference.
//
//   node scripts/generate-types.mjs                  from $TODO_API_URL (default http://127.0.0.1:3000), e.g. `npm start`
//   node scripts/generate-types.mjs --from FILE|URL  from a saved document or another service
//   node scripts/generate-types.mjs --check          compare instead of write; exit 1 on a difference
//
// Only the /v1/ paths are kept: they are the API the client covers (the developer page's own
// routes are for the page).
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TYPES_FILE = join(PACKAGE, 'src', 'generated', 'openapi.ts');

const HEADER = `// Generated from the service's OpenAPI document (GET /v1/openapi.json, its /v1/ paths) by
// scripts/generate-types.mjs with openapi-typescript. Do not edit: \`npm run client:types\`
// regenerates it from a running service.
/* eslint-disable */
`;

/** The TypeScript source of the types of `document` (an OpenAPI 3.1 object). */
export async function typesOf(document) {
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => path.startsWith('/v1/')));
  const ast = await openapiTS({ ...document, paths }, { alphabetize: true });
  return HEADER + astToString(ast);
}

async function readDocument(from) {
  if (/^https?:\/\//.test(from)) {
    const answer = await fetch(from).catch((error) => {
      throw new Error(
        `cannot read ${from} (${error.cause?.message ?? error.message}): start the service (npm start), or pass --from FILE|URL`,
      );
    });
    if (!answer.ok) throw new Error(`GET ${from} answered ${answer.status}`);
    return answer.json();
  }
  return JSON.parse(await readFile(from, 'utf8'));
}

/** The first line where `a` and `b` differ, for a message that says where the drift is. */
function firstDifference(a, b) {
  const left = a.split('\n');
  const right = b.split('\n');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i] !== right[i])
      return `line ${i + 1}:\n  checked in: ${left[i] ?? '(end of file)'}\n  generated:  ${right[i] ?? '(end of file)'}`;
  }
  return 'no difference';
}

async function main(argv) {
  const at = argv.indexOf('--from');
  const from = at >= 0 ? argv[at + 1] : `${(process.env.TODO_API_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '')}/v1/openapi.json`;
  if (!from) throw new Error('--from needs a file or a URL');
  const generated = await typesOf(await readDocument(from));
  if (argv.includes('--check')) {
    const current = await readFile(TYPES_FILE, 'utf8').catch(() => '');
    if (current !== generated) {
      process.stderr.write(
        `${TYPES_FILE} is out of date with ${from} (${firstDifference(current, generated)}).\n` +
          'Regenerate it: npm start, then npm run client:types\n',
      );
      return 1;
    }
    process.stderr.write(`${TYPES_FILE} matches ${from}\n`);
    return 0;
  }
  await writeFile(TYPES_FILE, generated);
  process.stderr.write(`wrote ${TYPES_FILE} from ${from}\n`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`${error.message}\n`);
    return 1;
  });
}
