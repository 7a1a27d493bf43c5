/**
 * Runs dependency-cruiser's programmatic API with the project's .dependency-cruiser.cjs over
 * `paths` under `baseDir`, and prints the rule violations as JSON lines' array:
 * `node cruise.mjs <baseDir> <path>...`. A script of its own because dependency-cruiser is
 * ESM only and Jest runs the specs as CommonJS.
 */
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const repository = path.resolve(import.meta.dirname, '../../..');
const [baseDir, ...paths] = process.argv.slice(2);
const tsConfigFile = path.join(repository, 'tsconfig.json');
const options = await extractDepcruiseOptions(path.join(repository, '.dependency-cruiser.cjs'));
const result = await cruise(
  paths,
  { ...options, baseDir: path.resolve(baseDir), tsConfig: { fileName: tsConfigFile } },
  {},
  { tsConfig: extractTSConfig(tsConfigFile) },
);
const violations = result.output.summary.violations.map((violation) => ({
  rule: violation.rule.name,
  from: violation.from,
  to: violation.to,
}));
process.stdout.write(JSON.stringify(violations));
