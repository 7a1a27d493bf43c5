import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import request from 'supertest';
import { cli } from './support/cli-process';
import { userEnv } from './support/npm-process';
import { ownDatabase, OwnDatabase } from './support/own-database';
import { ROOT } from './support/service-process';
import { startTestApp, TestApp } from './support/test-app';

/**
 * The examples of the documentation keep working as time passes: no example holds a literal
 * date that is still to come (it would stop working the day it passes), and the documented
 * commands that compute their dates run as written against a service's database.
 */

async function markdownFiles(): Promise<string[]> {
  const found = [join(ROOT, 'README.md')];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(dir, entry.name));
      else if (entry.name.endsWith('.md')) found.push(join(dir, entry.name));
    }
  };
  await walk(join(ROOT, 'docs'));
  return found;
}

/** The ```sh blocks of a document, in order. */
async function shellBlocks(doc: string): Promise<string[]> {
  const text = await readFile(join(ROOT, 'docs', doc), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A documented block run by `sh` as written, stopping at its first failing line, in the project folder. */
function runBlock(block: string, env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((resolve) =>
    execFile('sh', ['-c', `set -eu\n${block}`], { cwd: ROOT, env: userEnv(env), timeout: 90_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

/** stdout's JSON documents, one a line (what `--json` prints). */
const documents = (run: ScriptRun) =>
  run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** (A run outside npm test may first bring dist/ up to date, saying so on stderr.) */
const complaints = (run: ScriptRun) => run.stderr.split('\n').filter((line) => line && !/^sources changed since the last build/.test(line));

const DAY = 86_400_000;

describe('dates in the documentation', () => {
  it('no example in README.md or docs/ holds a date that is still to come', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const future: string[] = [];
    for (const file of await markdownFiles()) {
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        for (const [date] of line.matchAll(/\b20\d\d-\d\d-\d\d/g)) {
          if (date > today) future.push(`${relative(ROOT, file)}:${index + 1}: ${date}`);
        }
      });
    }
    expect(future).toEqual([]);
  });
});

describe('the commands of docs/least-privilege.md and docs/assistants.md, run as written', () => {
  // A database of its own: the documents name the account `ada`, which another spec may use too.
  let database: OwnDatabase;
  let t: TestApp;
  let list: string;
  let checklist: string;

  beforeAll(async () => {
    database = await ownDatabase('docs');
    t = await startTestApp({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  /** The account the documents name (`ada`, as the README's quick start makes it), with two lists of her own. */
  async function ada(databaseUrl: string): Promise<void> {
    const cliEnv = { env: { DATABASE_URL: databaseUrl } };
    const made = await cli(['create-user', '--email', 'ada@example.com', '--username', 'ada', '--name', 'Ada Lovelace', '--json'], cliEnv);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const keyed = await cli(['create-key', '--login', 'ada', '--label', 'set-up', '--json'], cliEnv);
    expect(keyed).toMatchObject({ code: 0, stderr: '' });
    const key = (JSON.parse(keyed.stdout) as { key: string }).key;
    const create = async (name: string) =>
      (await request(t.server).post('/v1/lists').set('X-API-Key', key).send({ name }).expect(200)).body.data.list.id as string;
    list = await create('Groceries');
    checklist = await create('Release checklist');
  }

  it('each block creates its key with the expiry it computes, and the roll works on the key made', async () => {
    await ada(database.url);
    // What `npm run cli` needs besides the documents' own variables: the database, and scrypt at the e2e run's cost.
    const env = {
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      PASSWORD_SCRYPT_COST: process.env.PASSWORD_SCRYPT_COST ?? '12',
      LIST: list,
      CHECKLIST: checklist,
    };

    const [assistant, nightly, ci, roll] = await shellBlocks('least-privilege.md');
    expect(roll).toContain('--key-id <id>');
    for (const block of [assistant, nightly, ci]) expect(block).not.toMatch(/<|20\d\d-\d\d-\d\d/);

    const before = Date.now();
    const runs = await Promise.all([assistant, nightly, ci].map((block) => runBlock(block, env)));
    for (const run of runs) expect({ code: run.code, complaints: complaints(run) }).toEqual({ code: 0, complaints: [] });
    const [[assistantKey], [nightlyKey], [ciKey]] = runs.map(documents);

    expect(assistantKey).toMatchObject({
      label: 'assistant: groceries',
      list_ids: [list],
      scopes: ['lists:read', 'items:read', 'items:write'],
    });
    const month = Date.parse(assistantKey.expires_at as string) - before;
    expect(month).toBeGreaterThan(29 * DAY);
    expect(month).toBeLessThan(31 * DAY);

    expect(nightlyKey).toMatchObject({ label: 'nightly export', allowed_ips: ['203.0.113.10'], expires_at: null, list_ids: null });

    // The last second of this quarter: a future time, the second before a quarter's first day.
    const quarterEnd = new Date(Date.parse(ciKey.expires_at as string) + 1000);
    expect(quarterEnd.getTime()).toBeGreaterThan(before);
    expect(quarterEnd.getTime() - before).toBeLessThanOrEqual(92 * DAY);
    expect([quarterEnd.getUTCMonth() % 3, quarterEnd.getUTCDate(), quarterEnd.toISOString().slice(11)]).toEqual([0, 1, '00:00:00.000Z']);
    expect(ciKey).toMatchObject({ list_ids: [checklist], allowed_ips: ['198.51.100.0/24', '2001:db8:1::/48'] });

    // The roll names the key by id: the one the assistant's block made.
    const rolled = await runBlock(roll.replace('<id>', assistantKey.id as string), env);
    expect({ code: rolled.code, complaints: complaints(rolled) }).toEqual({ code: 0, complaints: [] });
    expect(documents(rolled)[0]).toMatchObject({
      list_ids: [list],
      expires_at: assistantKey.expires_at,
      replaced: { id: assistantKey.id },
    });

    // docs/assistants.md gives the same key as least-privilege.md, computed the same way.
    const [fromAssistants] = (await shellBlocks('assistants.md')).filter((block) => block.includes('create-key'));
    expect(fromAssistants).not.toMatch(/20\d\d-\d\d-\d\d/);
    const run = await runBlock(fromAssistants, env);
    expect({ code: run.code, complaints: complaints(run) }).toEqual({ code: 0, complaints: [] });
    const [key] = documents(run);
    expect(key).toMatchObject({ label: 'assistant: groceries', list_ids: [list] });
    expect(Date.parse(key.expires_at as string) - before).toBeGreaterThan(29 * DAY);
  }, 180_000);
});
