import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { developerPage, pageCsp } from './developer-page';
import { loadPageScript, pageScriptOf } from './page-script';

describe('the developer page script', () => {
  const body = Buffer.from('console.log("hello");\n');
  const digest = createHash('sha256').update(body).digest();

  it("is named by its SHA-256: the integrity, the policy's hash and the URL's version", () => {
    const script = pageScriptOf(body);
    expect(script.integrity).toBe(`sha256-${digest.toString('base64')}`);
    expect(script.version).toBe(digest.toString('hex').slice(0, 16));
    expect(script.src).toBe(`/developers/app.js?v=${script.version}`);
    expect(pageCsp(script)).toContain(`script-src '${script.integrity}';`);
    expect(pageCsp(script)).not.toContain('unsafe-inline');
    expect(developerPage(script)).toContain(`<script type="module" src="${script.src}" integrity="${script.integrity}"></script>`);
  });

  it('is read from the first place the build put it, and its absence is said plainly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-script-'));
    try {
      const file = join(dir, 'app.js');
      writeFileSync(file, body);
      expect(loadPageScript([join(dir, 'missing.js'), file]).body).toEqual(body);
      expect(() => loadPageScript([join(dir, 'missing.js')])).toThrow(/not built .*run npm run build/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
