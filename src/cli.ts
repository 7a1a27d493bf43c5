import { CommandError, generatePassword, ParsedCommand, parseCommand, runCommand, USAGE, UsageError } from './cli/commands';
import { promptNewPassword, readPasswordFromStdin } from './cli/password-input';
import { DomainError } from './common/errors/domain-error';
import { ConfigError, loadConfig } from './config/app-config';

/**
 * The operator command (`npm run --silent cli -- <command>`): creates accounts and keys without
 * the browser. Results go to stdout (one JSON object with --json); logs and errors go to
 * stderr, so scripts can parse stdout. The framework and database code load only once
 * the command line is known to be right, so a usage mistake is answered at once.
 */

type Context = typeof import('./cli/context');
let context: Context | undefined;

async function passwordFor(parsed: ParsedCommand): Promise<{ value: string; generated: boolean } | undefined> {
  if (parsed.command !== 'create-user') return undefined;
  if (parsed.values['password-stdin']) return { value: await readPasswordFromStdin(), generated: false };
  if (process.stdin.isTTY) return { value: await promptNewPassword(), generated: false };
  return { value: generatePassword(), generated: true };
}

async function main(argv: string[]): Promise<number> {
  try {
    const parsed = parseCommand(argv);
    if (parsed.command === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const config = loadConfig(process.env);
    // Asked before the database starts, so a slow typist holds no server open.
    const password = await passwordFor(parsed);
    // require, not import(): this is a CommonJS program, and the module loads lazily on purpose.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see above
    const loaded = require('./cli/context') as Context;
    context = loaded;
    const result = await loaded.withServices(config, (services) => runCommand(services, parsed, password));
    process.stdout.write(parsed.values.json ? `${JSON.stringify(result.json)}\n` : `${result.text.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message} (npm run --silent cli -- help lists the commands)\n`);
      return 2;
    }
    const known = error instanceof DomainError || error instanceof CommandError || error instanceof ConfigError;
    // Messages of our own errors are written for people and hold no secrets; anything else
    // is reported by its message alone (no stack, no request data).
    process.stderr.write(`error: ${known ? error.message : `${(error as Error)?.message ?? String(error)}`}\n`);
    return 1;
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`error: interrupted by ${signal}\n`);
    // An unfinished write is rolled back by PostgreSQL when the connection drops.
    void (context?.stopOwnDatabase() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

void main(process.argv.slice(2)).then((code) => process.exit(code));
