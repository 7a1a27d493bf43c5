import { ChildProcess, spawn } from 'node:child_process';
import { get } from 'node:http';
import { join } from 'node:path';
import { freePort } from '../../src/common/net/free-port';
import { listeningSockets } from './process-connections';
import { waitFor } from './wait-for';

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

/**
 * The status of one GET of /health/ready on a connection of its own, closed after the answer
 * (`agent: false`): a probe leaves no idle keep-alive connection behind, which would hold a
 * graceful shutdown open until its keep-alive timeout. `signal` abandons the probe (it rejects).
 */
export function readinessStatus(port: number, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/health/ready', agent: false, signal }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

/** Whether process `pid` listens on `port` (any address), read from /proc. */
function listensOn(pid: number, port: number): boolean {
  try {
    return listeningSockets(pid).some((socket) => socket.endsWith(`:${port}`));
  } catch {
    return false; // the process is gone
  }
}

/**
 * Polls /health/ready until it answers 200; fails at once if the service exits, and after
 * `timeoutMs`. With `service`, the answer counts only when that process listens on the port.
 */
export async function waitForReady(port: number, service?: ServiceProcess, timeoutMs = 60_000): Promise<void> {
  // When the service could not listen, whatever took the port first answers the probe, or holds
  // it without an answer (a listener that speaks no HTTP, or holds its requests): the service's
  // exit abandons such a probe, so that the exit is seen at once rather than at the deadline.
  // Another instance of the service on that port answers 200 while this one is still on its way
  // out, so an answer is this service's only when its own process holds the listening socket.
  const exited = new AbortController();
  void service?.exited.then(() => exited.abort());
  await waitFor(
    async () => {
      if (service && service.child.exitCode !== null) {
        throw new Error(`service exited with ${service.child.exitCode} before it was ready:\n${service.output()}`);
      }
      try {
        if ((await readinessStatus(port, exited.signal)) !== 200) return false;
      } catch {
        return false; // not listening yet
      }
      return !service || listensOn(service.child.pid!, port);
    },
    { what: `the service on port ${port} to be ready`, timeoutMs, intervalMs: 200 },
  );
}

/**
 * The built service on a free port, ready. A port is free when freePort() picks it, but another
 * process of the suite may bind it in the second before the service listens: a start that fails
 * with EADDRINUSE is made again on another port, at most three times. `track` is given every
 * process started, the failed ones too, so that the caller can stop them all. `env` is either
 * the environment of every start or a function that makes it afresh for each one, for a setting
 * that names a port of its own (METRICS_PORT), which a start can lose in the same way.
 */
export async function spawnReady(
  env: Record<string, string> | (() => Promise<Record<string, string>>),
  { timeoutMs = 60_000, track }: { timeoutMs?: number; track?: (service: ServiceProcess) => void } = {},
): Promise<ServiceProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const service = spawnService(typeof env === 'function' ? await env() : env, await freePort());
    track?.(service);
    try {
      await waitForReady(service.port, service, timeoutMs);
      return service;
    } catch (error) {
      if (attempt >= 3 || service.child.exitCode === null || !service.output().includes('EADDRINUSE')) throw error;
    }
  }
}

/** `count` instances of the built service sharing `env`, each on a free port, all ready. */
export async function spawnInstances(env: Record<string, string>, count: number): Promise<ServiceProcess[]> {
  return Promise.all(Array.from({ length: count }, () => spawnReady(env)));
}

/** Stops (SIGTERM) each instance still running and waits for it to exit. */
export async function stopInstances(instances: readonly ServiceProcess[]): Promise<void> {
  for (const instance of instances) {
    if (instance.child.exitCode === null && instance.child.signalCode === null) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
  }
}
