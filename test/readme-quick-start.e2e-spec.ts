import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userEnv } from './support/npm-process';
import { ROOT, ServiceProcess, spawnReady, stopInstances } from './support/service-process';

/** The first ```sh block under the README's "Quick start with curl" heading, verbatim. */
async function quickStartBlock(): Promise<string> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## Quick start with curl$/m)[1]?.split(/^## /m)[0];
  const block = section?.match(/^```sh\n([\s\S]*?)^```$/m)?.[1];
  if (!block) throw new Error('README.md has no ```sh block under "## Quick start with curl"');
  return block;
}

/**
 * The README's quick start runs as written, on a machine with only Node and curl, against a
 * live service: every variable comes from an earlier line, nothing expires.
 */
describe("the README's quick start, run as written", () => {
  let dataDir: string;
  // Every process started (a start that lost its port included), stopped after the spec.
  const started: ServiceProcess[] = [];
  let port: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'todo-readme-'));
    ({ port } = await spawnReady({ DATA_DIR: dataDir }, { track: (s) => started.push(s) }));
  });
  afterAll(async () => {
    await stopInstances(started);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs every line without an error answer, ending with each account in the list', async () => {
    const block = await quickStartBlock();
    expect(block).not.toMatch(/uuidgen|20\d\d-\d\d-\d\d/);
    // Only observation is added: a newline after each curl answer, so each is one line here,
    // and a stop at the first failing line.
    const script = `set -eu\ncurl() { command curl "$@"; echo; }\n${block}`;
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        'sh',
        ['-c', script],
        { cwd: ROOT, env: userEnv({ PORT: String(port), DATA_DIR: dataDir }), timeout: 90_000 },
        (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err }),
      ),
    );
    // (A run outside npm test may first bring dist/ up to date, saying so on stderr.)
    const complaints = stderr.split('\n').filter((line) => line && !/^sources changed since the last build/.test(line));
    expect({ code, complaints }).toEqual({ code: 0, complaints: [] });

    const documents = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const answers = documents.filter((doc) => 'data' in doc && 'error' in doc);
    expect(answers.filter((doc) => doc.error !== null)).toEqual([]);
    // The three accounts made with the operator command, then the API's answers.
    expect(documents.filter((doc) => 'username' in doc && 'password' in doc).map((doc) => doc.username)).toEqual(['ada', 'grace', 'bo_b']);
    expect(answers.some((doc) => doc.data.items?.map((item: { text: string }) => item.text).join() === 'milk,eggs,bread')).toBe(true);
    // Grace accepted as an editor; Bo joined through the link as a viewer.
    const joined = answers.filter((doc) => doc.data.list?.role).map((doc) => doc.data.list.role);
    expect(joined.slice(-2)).toEqual(['editor', 'viewer']);
  }, 120_000);
});
