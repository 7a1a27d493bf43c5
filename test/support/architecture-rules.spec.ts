import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

interface Violation {
  rule: string;
  from: string;
  to: string;
}

const repository = path.resolve(__dirname, '../..');

/** The violations dependency-cruiser reports with the project's rules (test/support/architecture/cruise.mjs). */
async function violations(baseDir: string, ...paths: string[]): Promise<Violation[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(__dirname, 'architecture/cruise.mjs'), baseDir, ...paths], {
    cwd: repository,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Violation[];
}

/** `rule → files that break it`, each file once, sorted. */
const byRule = (found: readonly Violation[]): Record<string, string[]> => {
  const rules: Record<string, Set<string>> = {};
  for (const { rule, from } of found) (rules[rule] ??= new Set()).add(from);
  return Object.fromEntries(Object.entries(rules).map(([rule, files]) => [rule, [...files].sort()]));
};

describe('architecture rules (.dependency-cruiser.cjs)', () => {
  let planted: Violation[];
  let real: Violation[];

  beforeAll(async () => {
    // One after the other: the machine running the suite may have few cores.
    planted = await violations(path.join(__dirname, 'architecture/fixture'), 'src', 'clients/typescript/src');
    real = await violations(repository, 'src', 'clients/typescript/src');
  }, 120_000);

  it('reports each planted violation under its own rule, and nothing else', () => {
    expect(byRule(planted)).toEqual({
      'domain-free-of-libraries': ['src/modules/alpha/domain/uses-libraries.ts'],
      'domain-free-of-adapters': ['src/modules/alpha/domain/uses-http.ts'],
      'domain-free-of-application': ['src/modules/alpha/domain/uses-read-model.ts'],
      'domain-free-of-ambient-mode': ['src/modules/alpha/application/uses-ambient-mode.ts'],
      'infrastructure-free-of-http': ['src/modules/alpha/infrastructure/uses-presenter.ts'],
      'modules-through-their-exports': ['src/modules/alpha/http/uses-other-adapter.ts'],
      'http-free-of-other-http': ['src/modules/alpha/http/uses-other-http.ts'],
      'common-free-of-modules': ['src/common/shared/uses-module.ts'],
      'test-support-only-in-tests': ['src/modules/alpha/http/uses-test-double.ts'],
      'no-circular': ['src/common/cycle/first.ts'],
      'client-runs-anywhere': ['clients/typescript/src/uses-node.ts'],
    });
  });

  it('finds every library import of a domain file: Node built-ins, validators, address parsers, the framework', () => {
    const targets = planted.filter((v) => v.rule === 'domain-free-of-libraries').map((v) => v.to);
    expect(targets).toHaveLength(4);
    for (const name of [/^(node:)?crypto$/, /zod/, /ipaddr\.js/, /@nestjs\/common/]) {
      expect(targets.some((target) => name.test(target))).toBe(true);
    }
  });

  it('finds both ambient imports of the planted application file: the work context and node:async_hooks', () => {
    const targets = planted.filter((v) => v.rule === 'domain-free-of-ambient-mode').map((v) => v.to);
    expect(targets).toHaveLength(2);
    expect(targets.some((target) => /^(node:)?async_hooks$/.test(target))).toBe(true);
    expect(targets).toContain('src/common/persistence/work-context.ts');
  });

  it('finds both imports of the planted client file: a Node built-in and the service', () => {
    const targets = planted.filter((v) => v.rule === 'client-runs-anywhere').map((v) => v.to);
    expect(targets).toHaveLength(2);
    expect(targets.some((target) => /^(node:)?crypto$/.test(target))).toBe(true);
    expect(targets.some((target) => target.startsWith('src/modules/alpha/domain/'))).toBe(true);
  });

  it('finds no violation in src/ and clients/typescript/src/', () => {
    expect(real).toEqual([]);
  });
});
