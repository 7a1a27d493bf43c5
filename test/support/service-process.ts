import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../src/common/net/free-port';

export { freePort };

export const ROOT = join(__dirname, '..', '..');

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | null>;
}

/** Runs the built service (`node dist/main.js`, what `npm start` runs) as a child process. */
export function spawnService(env: Record<string, string>, port: number): ServiceProcess {
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

export async function waitForReady(port: number, service?: ServiceProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service && service.child.exitCode !== null) {
      throw new Error(`service exited with ${service.child.exitCode} before it was ready:\n${service.output()}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`service on port ${port} not ready after ${timeoutMs} ms`);
}
