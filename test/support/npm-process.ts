import { ChildProcess, spawn } from 'node:child_process';

/** An `npm …` command run as a user runs it (npm's own process, its shell, its scripts). */
export interface NpmProcess {
  child: ChildProcess;
  output(): string;
  stdout(): string;
  /** Exit code, or the signal's name when npm itself was killed. */
  exited: Promise<number | string>;
  /** Resolves once the combined output matches; rejects if npm exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

export function runNpm(args: string[], options: { cwd: string; env: Record<string, string | undefined>; stdin?: string }): NpmProcess {
  let output = '';
  let stdout = '';
  const listeners = new Set<() => void>();
  const child = spawn('npm', args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end(options.stdin ?? '');
  const collect = (toStdout: boolean) => (chunk: Buffer) => {
    output += String(chunk);
    if (toStdout) stdout += String(chunk);
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', collect(true));
  child.stderr.on('data', collect(false));
  const exited = new Promise<number | string>((resolve) => child.on('close', (code, signal) => resolve(code ?? String(signal))));
  const waitFor = (pattern: RegExp, timeoutMs = 120_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern);
        if (!match) return;
        done();
        resolve(match);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${output}`));
      }, timeoutMs);
      const onExit = () => {
        done();
        reject(new Error(`npm ${args.join(' ')} exited before ${pattern}; output:\n${output}`));
      };
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('close', onExit);
      };
      listeners.add(check);
      child.once('close', onExit);
      check();
    });
  return { child, output: () => output, stdout: () => stdout, exited, waitFor };
}

/** The environment a user's shell would pass on, minus the test run's own database and Redis. */
export function userEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      name.startsWith('npm_') ||
      name.startsWith('JEST') ||
      ['DATABASE_URL', 'REDIS_URL', 'TEST_ADMIN_DATABASE_URL', 'NODE_OPTIONS', 'INIT_CWD'].includes(name)
    )
      delete env[name];
  }
  delete env.PORT;
  delete env.DATA_DIR;
  delete env.HOST;
  return { ...env, ...extra };
}
