import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * No class of the service takes more than MAX constructor dependencies: a class that needs more
 * mixes responsibilities, and is split by them (docs/architecture.md, "Ports are abstract
 * classes"). Counted on the source's syntax, so a spec or a fixture is left out.
 */
const MAX = 8;
const root = path.resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/** `file: Class (n)` for each class whose constructor takes more than `max` parameters. */
function crowded(files: readonly string[], max: number): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node): void => {
      if (ts.isClassLike(node)) {
        const constructor = node.members.find(ts.isConstructorDeclaration);
        if (constructor && constructor.parameters.length > max) {
          found.push(`${path.relative(root, file)}: ${node.name?.text ?? '(anonymous)'} (${constructor.parameters.length})`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('constructor dependencies', () => {
  it(`finds no class with more than ${MAX}`, () => {
    expect(crowded(sourceFiles(root), MAX)).toEqual([]);
  });

  it('counts a crowded constructor', () => {
    const file = path.join(__dirname, 'architecture/crowded-class.fixture.ts');
    expect(crowded([file], MAX)).toEqual([expect.stringMatching(/Crowded \(9\)$/)]);
  });
});
