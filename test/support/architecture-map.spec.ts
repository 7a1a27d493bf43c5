import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { QueryRunner } from 'typeorm';
import { MIGRATIONS } from '../../src/database/migrations';

/**
 * docs/architecture.md's module map, held against the code: each row's exports are what the
 * module's Nest modules export, each row's tables are the tables it owns, the owned tables are
 * exactly those the migrations leave, and a statement that writes a table (INSERT, UPDATE,
 * DELETE, TRUNCATE, an ORM entity) stands only in its owner's folder. A module that changes
 * another's table goes through the owner's exported port, or calls a SQL fragment the owner
 * exports (the fragment's text then lives in the owner's folder).
 */

const repository = path.resolve(__dirname, '../..');
const modulesDir = path.join(repository, 'src/modules');

interface MapRow {
  module: string;
  tables: string[];
  exports: string[];
}

/** The identifiers in backticks of a table cell (`—` or nothing: none). */
const namesIn = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]).sort();

/** The rows of the table under "## Module map": | Module | Tables | Exports | What it does |. */
function documentedMap(): MapRow[] {
  const doc = readFileSync(path.join(repository, 'docs/architecture.md'), 'utf8');
  const section = doc.split(/^## Module map$/m)[1]?.split(/^## /m)[0];
  if (!section) throw new Error('docs/architecture.md has no "## Module map" section');
  const rows = section.split('\n').filter((line) => /^\| `[a-z-]+` \|/.test(line));
  return rows.map((line) => {
    const cells = line.split(' | ');
    return { module: namesIn(cells[0])[0], tables: namesIn(cells[1]), exports: namesIn(cells[2]) };
  });
}

const moduleFolders = (): string[] => readdirSync(modulesDir).filter((name) => statSync(path.join(modulesDir, name)).isDirectory());

/** Where the owner of a table keeps its code: a module's folder, or `src/common/` for the row `common` (shared adapters). */
const folderOf = (owner: string | undefined): string => (owner === 'common' ? 'src/common/' : `src/modules/${owner}/`);

/** What the Nest modules declared in `src/modules/<folder>/*.module.ts` export, by name. */
function exportsOf(folder: string): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(path.join(modulesDir, folder)).filter((name) => name.endsWith('.module.ts'))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each module file, loaded as Nest would
    const loaded = require(path.join(modulesDir, folder, file)) as Record<string, unknown>;
    for (const value of Object.values(loaded)) {
      if (typeof value !== 'function') continue;
      const exported = Reflect.getMetadata('exports', value) as unknown[] | undefined;
      for (const token of exported ?? []) {
        names.add(typeof token === 'function' ? token.name : String(token));
      }
    }
  }
  return [...names].sort();
}

/** The tables the migrations leave, found by running each `up` against a recording query runner. */
async function migratedTables(): Promise<string[]> {
  const tables = new Set<string>();
  const runner = {
    connection: { options: {} },
    query: (sql: string): Promise<unknown[]> => {
      for (const [, name] of sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?([a-z_]+)"?/gi)) tables.add(name);
      for (const [, name] of sql.matchAll(/DROP TABLE (?:IF EXISTS )?"?([a-z_]+)"?/gi)) tables.delete(name);
      for (const [, from, to] of sql.matchAll(/ALTER TABLE "?([a-z_]+)"? RENAME TO "?([a-z_]+)"?/gi)) {
        tables.delete(from);
        tables.add(to);
      }
      return Promise.resolve([]);
    },
  } as unknown as QueryRunner;
  for (const Migration of MIGRATIONS) await new Migration().up(runner);
  return [...tables].sort();
}

/** The production source files below `dir` (no specs, no test support). */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'browser') files.push(...sourceFiles(full));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) files.push(full);
  }
  return files;
}

/** `file → tables it writes`, from its SQL text and its ORM entities, for the known tables. */
function writers(tables: readonly string[]): Array<{ file: string; table: string }> {
  const known = new Set(tables);
  const found: Array<{ file: string; table: string }> = [];
  // Case-sensitive: the code writes SQL keywords in capitals, and prose such as an MCP tool's
  // title "Update items" is not a statement.
  const write = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?"?([a-z_]+)"?/g;
  const entity = /@Entity\(\s*(?:\{\s*name:\s*)?'([a-z_]+)'/g;
  for (const dir of ['src/modules', 'src/common']) {
    for (const file of sourceFiles(path.join(repository, dir))) {
      const text = readFileSync(file, 'utf8');
      const names = new Set([...text.matchAll(write), ...text.matchAll(entity)].map((match) => match[1]).filter((name) => known.has(name)));
      for (const table of names) found.push({ file: path.relative(repository, file), table });
    }
  }
  return found;
}

describe('docs/architecture.md, "Module map", against the code', () => {
  const map = documentedMap();

  it('has one row per module folder', () => {
    expect(
      map
        .map((row) => row.module)
        .filter((name) => name !== 'common')
        .sort(),
    ).toEqual(moduleFolders().sort());
  });

  it.each(moduleFolders())('names what %s exports', (folder) => {
    expect(map.find((row) => row.module === folder)?.exports).toEqual(exportsOf(folder));
  });

  it('gives every table the migrations leave exactly one owner', async () => {
    const owned = map.flatMap((row) => row.tables);
    expect([...owned].sort()).toEqual(await migratedTables());
    expect(new Set(owned).size).toBe(owned.length);
  });

  it("writes each table only from its owner's folder", async () => {
    const owner = new Map(map.flatMap((row) => row.tables.map((table) => [table, row.module] as const)));
    const strangers = writers(await migratedTables())
      .filter(({ file, table }) => !file.startsWith(folderOf(owner.get(table))))
      .map(({ file, table }) => `${file} writes ${table}, owned by ${owner.get(table)}`);
    expect(strangers).toEqual([]);
  });
});
