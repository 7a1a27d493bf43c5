import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEY_FILE_NAME, loadMasterKey } from './master-key';

describe('loadMasterKey', () => {
  // The folders the key-file cases make, removed after each: a run leaves nothing in /tmp.
  const made: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'master-key-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('takes WEBHOOK_SECRET_KEY when set, else makes a key file (0600) once and reads it back', () => {
    const dir = tempDir();
    expect(loadMasterKey('x'.repeat(32), dir).toString()).toBe('x'.repeat(32));
    const first = loadMasterKey(undefined, join(dir, 'data'));
    expect(first).toHaveLength(32);
    expect(loadMasterKey(undefined, join(dir, 'data'))).toEqual(first);
    const file = join(dir, 'data', KEY_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first);
  });

  it('says to set WEBHOOK_SECRET_KEY when the key file cannot be made', () => {
    const dir = tempDir();
    const blocked = join(dir, 'not-a-dir');
    writeFileSync(blocked, 'a file where the data directory should be');
    expect(() => loadMasterKey(undefined, blocked)).toThrow(
      /WEBHOOK_SECRET_KEY is not set and the key file .* cannot be used .*set WEBHOOK_SECRET_KEY/,
    );
  });
});
