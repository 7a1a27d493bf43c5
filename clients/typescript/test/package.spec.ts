import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build, type BuildOptions } from 'esbuild';

const PACKAGE = join(__dirname, '..');
const run = promisify(execFile);

/** Bundles `contents` (resolved from the package's folder) for browsers, as a web app's bundler would. */
const bundleForBrowsers = (contents: string, extra: Partial<BuildOptions> = {}) =>
  build({
    stdin: { contents, resolveDir: PACKAGE, loader: 'ts', sourcefile: 'app.ts' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    absWorkingDir: PACKAGE,
    logLevel: 'silent',
    ...extra,
  });

describe('the client package', () => {
  it('bundles for browsers from its own sources alone: no node: import, no other package', async () => {
    const result = await bundleForBrowsers(`export * from './src/index.ts';`);
    const inputs = Object.keys(result.metafile!.inputs).filter((input) => input !== 'app.ts');
    expect(inputs.length).toBeGreaterThan(5);
    expect(inputs.filter((input) => !input.startsWith('src/'))).toEqual([]);
    expect(result.outputFiles![0].text).not.toMatch(/\bnode:/);
  });

  it('fails that bundle when something imports a Node built-in (the check above can fail)', async () => {
    await expect(bundleForBrowsers(`import 'node:crypto'; export * from './src/index.ts';`)).rejects.toThrow(/node:crypto/);
  });

  it('has no runtime dependency', () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as {
      dependencies?: object;
      peerDependencies?: object;
    };
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.peerDependencies ?? {}).toEqual({});
  });

  it('builds to ES modules and CommonJS with declarations, which Node loads in both forms', async () => {
    await run(process.execPath, [join(PACKAGE, 'scripts', 'build.mjs')], { cwd: PACKAGE });
    const names = `['TodoClient', 'ApiError', 'FeedExpiredError', 'ConnectionError', 'verifyWebhook', 'OPERATIONS'].map((n) => n + ':' + typeof m[n]).join(' ')`;
    const expected =
      'TodoClient:function ApiError:function FeedExpiredError:function ConnectionError:function verifyWebhook:function OPERATIONS:object';
    const cjs = await run(process.execPath, ['-e', `const m = require('@shared-todo/client'); console.log(${names})`], { cwd: PACKAGE });
    const esm = await run(
      process.execPath,
      ['--input-type=module', '-e', `import * as m from '@shared-todo/client'; console.log(${names})`],
      {
        cwd: PACKAGE,
      },
    );
    expect(cjs.stdout.trim()).toBe(expected);
    expect(esm.stdout.trim()).toBe(expected);
    for (const format of ['esm', 'cjs']) {
      const declarations = readFileSync(join(PACKAGE, 'dist', format, 'index.d.ts'), 'utf8');
      expect(declarations).toContain("from './client.js'");
      expect(declarations).not.toMatch(/from '\.[^']*\.ts'/);
    }
  }, 60_000);
});
