import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { OPERATIONS } from '../clients/typescript/src/index.ts';
import { useTestApp } from './support/test-app';

const ROOT = join(__dirname, '..');
const GENERATE = join(ROOT, 'clients', 'typescript', 'scripts', 'generate-types.mjs');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Runs `npm run client:types`'s script with `args`; resolves to its exit code and what it said. */
async function generate(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await promisify(execFile)(process.execPath, [GENERATE, ...args], { cwd: ROOT });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
}

/**
 * The TypeScript client cannot drift from the API: its checked-in types are what openapi-typescript
 * makes of the running app's own document, and it has a method for every operation of /v1/.
 */
describe('the TypeScript client against the OpenAPI document', () => {
  const t = useTestApp();
  let folder: string;
  let document: { paths: Record<string, Record<string, { operationId?: string } | undefined>> };
  let saved: string;

  beforeAll(async () => {
    document = (await request(t.server).get('/v1/openapi.json').expect(200)).body;
    folder = await mkdtemp(join(tmpdir(), 'client-types-'));
    saved = join(folder, 'openapi.json');
    await writeFile(saved, JSON.stringify(document));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('has checked-in types identical to those generated from GET /v1/openapi.json (else: npm run client:types)', async () => {
    const { code, stderr } = await generate('--from', saved, '--check');
    expect({ code, stderr }).toEqual({ code: 0, stderr: expect.stringContaining('matches') });
  }, 60_000);

  it('fails the check when the document differs from the types (so the check above can fail)', async () => {
    const changed = structuredClone(document);
    delete changed.paths['/v1/me'];
    const drifted = join(folder, 'drifted.json');
    await writeFile(drifted, JSON.stringify(changed));
    const { code, stderr } = await generate('--from', drifted, '--check');
    expect(code).toBe(1);
    expect(stderr).toContain('is out of date');
  }, 60_000);

  it('names every operation of /v1/ in OPERATIONS with its method and path, and nothing else', () => {
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) =>
        METHODS.filter((method) => item[method]).map((method) => `${item[method]!.operationId} ${method.toUpperCase()} ${path}`),
      )
      .sort();
    const covered = Object.entries(OPERATIONS)
      .map(([op, route]) => `${op} ${route.method} ${route.path}`)
      .sort();
    expect(documented.length).toBeGreaterThanOrEqual(33);
    expect(covered).toEqual(documented);
  });
});
