import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDirProblem } from './data-dir';

describe('dataDirProblem', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'data-dir-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const config = (dataDir: string, databaseUrl?: string, secretKey?: string) => ({
    dataDir,
    databaseUrl,
    webhooks: { secretKey } as {
      secretKey?: string;
      allowPrivateUrls: boolean;
      timeoutMs: number;
      leaseMs: number;
      pollIntervalMs: number;
      batchSize: number;
    },
  });

  it('makes a missing DATA_DIR and leaves nothing else in it', () => {
    const dir = join(base, 'nested', 'data');
    expect(dataDirProblem(config(dir))).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names DATA_DIR, the error and what it is needed for, in one line', () => {
    const blocked = join(base, 'a-file');
    writeFileSync(blocked, '');
    const problem = dataDirProblem(config(join(blocked, 'data'), 'postgres://db/todo'));
    expect(problem).toMatch(
      new RegExp(
        `^Cannot use DATA_DIR ${join(blocked, 'data')}: this process \\(uid \\d+\\) cannot write it \\(ENOTDIR\\)\\. ` +
          'It holds the master key file \\(WEBHOOK_SECRET_KEY is unset\\): make it writable, set DATA_DIR to a writable folder, or set WEBHOOK_SECRET_KEY$',
      ),
    );
    expect(problem).not.toContain('\n');
  });

  it('does not look at DATA_DIR when neither the embedded database nor the key file needs it', () => {
    const blocked = join(base, 'a-file');
    writeFileSync(blocked, '');
    expect(dataDirProblem(config(join(blocked, 'data'), 'postgres://db/todo', 'k'.repeat(32)))).toBeUndefined();
  });
});
