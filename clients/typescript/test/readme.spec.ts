import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';

const PACKAGE = join(__dirname, '..');
const OUT = join(__dirname, '.readme');

/** The TypeScript examples of a README, each as written. */
async function examples(readmePath = join(PACKAGE, 'README.md')): Promise<string[]> {
  const readme = await readFile(readmePath, 'utf8');
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
}

/**
 * Type-checks each example as an ES module of its own (top-level await included), its import of
 * the package pointed at the sources; answers the compiler's messages, one line each.
 */
async function typeErrors(sources: string[]): Promise<string[]> {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const files: string[] = [];
  for (const [index, source] of sources.entries()) {
    const file = join(OUT, `example-${index + 1}.mts`);
    await writeFile(file, source.replaceAll("from '@shared-todo/client'", "from '../../src/index.ts'"));
    files.push(file);
  }
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
    types: ['node'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
}

describe('the client README', () => {
  afterAll(() => rm(OUT, { recursive: true, force: true }));

  it('has examples that type-check against the client: a first call, errors, retries, pages, the feed, webhooks', async () => {
    const found = await examples();
    expect(found.length).toBeGreaterThanOrEqual(6);
    for (const call of ['todo.me.get()', 'idempotencyKey', 'items.iterate', 'events.follow', 'verifyWebhook(', 'error.requiredScope']) {
      expect(found.some((example) => example.includes(call))).toBe(true);
    }
    // The project README's quick start with the client too.
    const root = await examples(join(PACKAGE, '..', '..', 'README.md'));
    expect(root).toHaveLength(1);
    expect(await typeErrors([...found, ...root])).toEqual([]);
  }, 60_000);

  it('would fail on an example that misuses the client (so the check above can fail)', async () => {
    const wrong = `import { TodoClient } from '@shared-todo/client';\nconst todo = new TodoClient({ apiKey: 'k' });\nawait todo.lists.create({ title: 'x' });\n`;
    const errors = await typeErrors([wrong]);
    expect(errors.join('\n')).toMatch(/title/);
  }, 60_000);
});
