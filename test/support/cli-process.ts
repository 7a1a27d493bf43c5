import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './service-process';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built operator command (`node dist/cli.js`, what `npm run cli --` runs). */
export function cli(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(ROOT, 'dist', 'cli.js'), ...args],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          DATABASE_URL: process.env.DATABASE_URL!,
          // scrypt at the e2e run's lower cost (PASSWORD_SCRYPT_COST), not 2^17 per account.
          NODE_ENV: 'test',
          PASSWORD_SCRYPT_COST: process.env.PASSWORD_SCRYPT_COST ?? '12',
          ...options.env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
    // Closed stdin, as under a script: not a terminal, so create-user generates the password.
    child.stdin!.end(options.stdin ?? '');
  });
}
