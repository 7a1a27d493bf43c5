#!/usr/bin/env node
// Where one workload's time goes: the production build under the shared driver's load, with
// V8's CPU profiler on, then the profile summed by function (self time) and by layer (time
// with a frame of that layer anywhere on the stack). How to read them: docs/performance.md.
//
//   node bench/profile.mjs me|items|add1|add20 [--top 30]     (after node scripts/ensure-built.mjs)
//   node bench/profile.mjs items --cpu-only                    (no profiler: only /proc's CPU per request)
//   node bench/profile.mjs items --perf                        (Linux perf, CPU time only: needs `perf`)
//   node bench/profile.mjs items --baseline                    (the shared baseline under the same load: /proc only)
//   node bench/profile.mjs items --floor                       (the baseline's work on bare Nest, bench/framework-floor.mjs: /proc only)
//   node bench/profile.mjs me --redis [--cpu-only|--perf]      (the service with REDIS_URL, default redis://127.0.0.1:6379;
//                                                               the Redis server's CPU per request is printed too)
//
// --perf samples the CPU clock of the service's threads (perf record -e cpu-clock, with Node's
// --perf-basic-prof naming the JIT's code), so a thread waiting for the CPU is not charged,
// unlike V8's profiler; each sample of the main thread is charged to its innermost JavaScript
// frame (builtins such as JSON.stringify to their caller) or to garbage collection.
//   BENCH_DURATION=8 BENCH_CONNECTIONS=50 BENCH_KEYS=50 PROFILE_DIR=/tmp/todo-profile
//
// Profiles of a loaded process charge to a frame the time its thread was descheduled too
// (a `writev` that wakes PostgreSQL on the other core looks expensive), so read the
// shares side by side with /proc's user and system time, which this prints per request, with
// the PostgreSQL server's (every process of the benchmark's throwaway server, the connections
// of the target under load and the server's own), so that a workload's cost can be told apart
// between Node and the database, for the service and, with --baseline, for the baseline.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { root, runChecked, say, startFloor, startService } from './service.mjs';

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '30' },
    'cpu-only': { type: 'boolean', default: false },
    perf: { type: 'boolean', default: false },
    baseline: { type: 'boolean', default: false },
    floor: { type: 'boolean', default: false },
    redis: { type: 'boolean', default: false },
  },
});
const workload = positionals[0];
if (!['me', 'items', 'add1', 'add20'].includes(workload ?? '')) {
  say('usage: node bench/profile.mjs me|items|add1|add20 [--top 30]');
  process.exit(2);
}
const shared = resolve(process.env.BENCH_SHARED_DIR ?? join(root, '..', 'shared', 'bench'));
if (!existsSync(join(shared, 'run-baseline.sh'))) {
  say(`no shared benchmark at ${shared}`);
  process.exit(3);
}
const profileDir = resolve(process.env.PROFILE_DIR ?? '/tmp/todo-profile');

/** /proc/PID/stat's fields after the command's name (field 3, the state, is [0]). */
const statOf = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');

/** User and system CPU seconds of a process so far (/proc/PID/stat, in clock ticks of 1/100 s). */
function cpuOf(pid) {
  const fields = statOf(pid);
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/**
 * CPU seconds of a PostgreSQL server so far: the postmaster's own, those of its children that
 * ended (their CPU is added to its own children's time when it reaps them) and those of its
 * children alive now (backends, WAL writer, checkpointer …).
 */
function serverCpuOf(postmaster) {
  const own = statOf(postmaster);
  let user = Number(own[11]) + Number(own[13]);
  let system = Number(own[12]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fields;
    try {
      fields = statOf(entry);
    } catch {
      continue; // ended meanwhile
    }
    if (fields[1] !== String(postmaster)) continue;
    user += Number(fields[11]);
    system += Number(fields[12]);
  }
  return { user: user / 100, system: system / 100 };
}

/**
 * The Redis server's pid, from its INFO, when it runs on this machine (its CPU is read from
 * /proc); undefined when it runs elsewhere.
 */
async function redisServerPid(url) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
    return pid && existsSync(`/proc/${pid}/stat`) ? pid : undefined;
  } finally {
    redis.disconnect();
  }
}

/** The layer a frame belongs to, by its script's path: the package, or the project's own folder. */
function layerOf(url) {
  if (!url) return null;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/dist\/(?:(modules|common)\/([^/]+)|([^/]+)\.js)/.exec(url);
  if (own) return own[1] ? `src/${own[1]}/${own[2]}` : `src/${own[3]}`;
  if (url.startsWith('node:')) return url;
  return null;
}

/** Sums the samples of the last `windowUs` of the profile: the load, not the seeding before it. */
function summarise(profile, top, windowUs) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const selfByLayer = new Map();
  const layers = new Map();
  let total = 0;
  let idle = 0;
  const times = [];
  profile.timeDeltas.reduce((t, dt, i) => (times[i] = t + dt), profile.startTime);
  const from = times.at(-1) - windowUs;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    if (times[i] < from) return;
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(idle)') {
      idle += dt;
      return;
    }
    total += dt;
    const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/')}:${callFrame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + dt);
    const own = layerOf(callFrame.url) ?? (callFrame.functionName.startsWith('(') ? callFrame.functionName : '(native)');
    selfByLayer.set(own, (selfByLayer.get(own) ?? 0) + dt);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at).callFrame;
      const layer = layerOf(frame.url) ?? (frame.functionName.startsWith('(') ? frame.functionName : null);
      if (layer && !seen.has(layer)) {
        seen.add(layer);
        layers.set(layer, (layers.get(layer) ?? 0) + dt);
      }
    }
  });
  const share = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  console.log(`\nbusy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s of the profile`);
  console.log(`\nself time, top ${top}:`);
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${share(us)}  ${name}`);
  console.log('\nself time by layer:');
  for (const [layer, us] of [...selfByLayer].sort((a, b) => b[1] - a[1]).filter(([, us]) => us / total >= 0.005)) {
    console.log(`  ${share(us)}  ${layer}`);
  }
  console.log('\nby layer (a frame of it anywhere on the stack; layers overlap):');
  for (const [layer, us] of [...layers].sort((a, b) => b[1] - a[1]).filter(([, us]) => us / total >= 0.005)) {
    console.log(`  ${share(us)}  ${layer}`);
  }
}

/** perf script's samples (tid, then one frame per line, innermost first), summed per owner and per layer. */
function summarisePerf(text, top) {
  const samples = [];
  for (const line of text.split('\n')) {
    if (/^\s*\d+\s*$/.test(line)) samples.push({ tid: line.trim(), frames: [] });
    else if (samples.length > 0 && /^\s+[0-9a-f]+\s/.test(line)) samples.at(-1).frames.push(line.trim().replace(/^[0-9a-f]+\s+/, ''));
  }
  const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  const threads = new Map();
  for (const sample of samples) count(threads, sample.tid);
  const main = [...threads].sort((a, b) => b[1] - a[1])[0]?.[0];
  const urlOf = (frame) => / ((?:file:\/\/)?\/\S+|node:\S+):\d+:\d+$/.exec(frame)?.[1];
  const owners = new Map();
  const functions = new Map();
  const layers = new Map();
  let others = 0;
  for (const { tid, frames } of samples) {
    if (tid !== main) {
      others += 1;
      continue;
    }
    const js = frames.find((frame) => frame.startsWith('JS:'));
    const gc = frames.some((frame) => /Heap::Collect|Scavenge|MarkCompact/.test(frame));
    count(owners, gc ? '(garbage collector)' : js ? (layerOf(urlOf(js)) ?? '(other JavaScript)') : `(native) ${frames[0] ?? '?'}`);
    count(
      functions,
      gc
        ? '(garbage collector)'
        : (js ?? `(native) ${frames[0] ?? '?'}`).replace(/ \/\S*node_modules\//, ' ').replace(/ \/\S*\/dist\//, ' dist/'),
    );
    const seen = new Set(frames.filter((frame) => frame.startsWith('JS:')).map((frame) => layerOf(urlOf(frame))));
    for (const layer of seen) if (layer) count(layers, layer);
  }
  const share = (n) => `${((100 * n) / samples.length).toFixed(1).padStart(5)} %`;
  const list = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`\n${samples.length} samples of CPU time; threads other than the main one (GC helpers, compiler): ${share(others)}`);
  console.log('\nmain thread, by owner (innermost JavaScript frame, or GC):');
  for (const [owner, n] of list(owners)) console.log(`  ${share(n)}  ${owner}`);
  console.log('\nmain thread, by function:');
  for (const [name, n] of list(functions)) console.log(`  ${share(n)}  ${name.slice(0, 140)}`);
  console.log('\nmain thread, by layer anywhere on the stack (layers overlap):');
  for (const [layer, n] of list(layers)) console.log(`  ${share(n)}  ${layer}`);
}

async function main() {
  if (!existsSync(join(shared, 'node_modules', 'autocannon'))) runChecked('npm', ['ci', '--no-audit', '--no-fund'], { cwd: shared });
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  runChecked(join(shared, 'run-baseline.sh'), ['stop'], { cwd: shared });
  const started = runChecked(join(shared, 'run-baseline.sh'), ['start'], { cwd: shared });
  const databaseUrl = /project DATABASE_URL=(\S+)/.exec(started)?.[1];
  const postmaster = Number(/postgres \(pid (\d+)\)/.exec(started)?.[1]);
  const baseline = /baseline \(pid (\d+)\) on port (\d+)/.exec(started);
  let service;
  try {
    if (!databaseUrl || !postmaster || !baseline)
      throw new Error(`run-baseline.sh printed no DATABASE_URL, server or baseline:\n${started}`);
    const env = { ...process.env, NODE_ENV: 'production', RATE_LIMIT_MAX: '1000000', DATABASE_URL: databaseUrl };
    delete env.LOG_LEVEL;
    if (opt.redis) env.REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    else delete env.REDIS_URL;
    const redisPid = opt.redis ? await redisServerPid(env.REDIS_URL) : undefined;
    const nodeArgs = opt['cpu-only'] ? [] : opt.perf ? ['--perf-basic-prof'] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
    // The baseline runs as run-baseline.sh started it, and the floor as framework-floor.mjs
    // does: only /proc's figures are taken of them.
    if (opt.baseline || opt.floor) opt['cpu-only'] = true;
    const baselineUrl = `http://127.0.0.1:${baseline[2]}`;
    const target = opt.baseline
      ? { url: baselineUrl, pid: Number(baseline[1]) }
      : (service = opt.floor
          ? await startFloor(baselineUrl, databaseUrl.replace(/\/project$/, '/baseline'))
          : await startService(env, root, nodeArgs));
    const pid = target.pid;
    const duration = Number(process.env.BENCH_DURATION ?? '8');
    let loadStart;
    let serverStart;
    let redisStart;
    const driver = spawn(
      process.execPath,
      [
        join(shared, 'bench.mjs'),
        ...['--target', target.url, '--workloads', workload, '--rounds', '1', '--json', join(profileDir, 'run.json')],
        ...['--duration', String(duration), '--connections', process.env.BENCH_CONNECTIONS ?? '50'],
        ...['--keys', process.env.BENCH_KEYS ?? '50'],
      ],
      { cwd: shared, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let recorder;
    driver.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      // Seeding is over: what follows is the workload (and, for adds, its fresh lists).
      if (!loadStart && /^seeded /m.test(String(chunk))) {
        loadStart = cpuOf(pid);
        serverStart = serverCpuOf(postmaster);
        redisStart = redisPid && cpuOf(redisPid);
      }
      // The load has begun: perf records the middle of it.
      if (opt.perf && !recorder && /^(GET|POST) /m.test(String(chunk))) {
        const args = ['record', '-e', 'cpu-clock', '-F', '999', '-g', '-p', String(pid), '-o', join(profileDir, 'perf.data')];
        recorder = spawn('perf', [...args, '--', 'sleep', String(Math.max(2, duration - 3))], { stdio: 'ignore' });
      }
    });
    const status = await new Promise((done) => driver.once('exit', done));
    if (recorder && recorder.exitCode === null) await new Promise((done) => recorder.once('exit', done));
    if (status !== 0) throw new Error(`the shared driver failed (${status})`);
    const loadEnd = cpuOf(pid);
    const serverEnd = serverCpuOf(postmaster);
    const redisEnd = redisPid && cpuOf(redisPid);
    const run = JSON.parse(readFileSync(join(profileDir, 'run.json'), 'utf8'));
    // The driver counts the measured seconds only; its warm-up second was served too.
    const served = (run.workloads[0].runs.A[0].requests * (duration + 1)) / duration;
    await service?.stop();
    service = undefined;
    const perRequest = (seconds) => `${Math.round((seconds * 1e6) / served)} µs`;
    console.log(
      `\n${opt.baseline ? 'baseline' : opt.floor ? 'floor' : 'service'} CPU per request (/proc, ~${Math.round(served)} requests): user ${perRequest(loadEnd.user - loadStart.user)}, system ${perRequest(loadEnd.system - loadStart.system)}`,
    );
    console.log(
      `PostgreSQL CPU per request (the whole server): user ${perRequest(serverEnd.user - serverStart.user)}, system ${perRequest(serverEnd.system - serverStart.system)}`,
    );
    if (redisStart)
      console.log(
        `Redis server CPU per request: user ${perRequest(redisEnd.user - redisStart.user)}, system ${perRequest(redisEnd.system - redisStart.system)}`,
      );
    if (opt['cpu-only']) return;
    if (opt.perf) {
      const script = runChecked('perf', ['script', '-i', join(profileDir, 'perf.data'), '-F', 'tid,ip,sym'], { maxBuffer: 1 << 30 });
      summarisePerf(script, Number(opt.top));
      rmSync(`/tmp/perf-${pid}.map`, { force: true });
      return;
    }
    const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the service wrote no .cpuprofile');
    summarise(
      JSON.parse(readFileSync(join(profileDir, file), 'utf8')),
      Number(opt.top),
      (Number(process.env.BENCH_DURATION ?? '8') + 1) * 1e6,
    );
    say(`\nprofile: ${join(profileDir, file)}`);
  } finally {
    if (service) await service.stop();
    runChecked(join(shared, 'run-baseline.sh'), ['stop'], { cwd: shared });
  }
}

main().catch((error) => {
  say(`profile failed: ${error.stack ?? error}`);
  process.exit(1);
});
