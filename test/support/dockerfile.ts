import { spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, posix } from 'node:path';

/** One instruction of a Dockerfile: its keyword (upper case), flags (`--from=build`) and arguments. */
export interface Instruction {
  op: string;
  flags: Record<string, string>;
  args: string[];
  /** The arguments as written, after the keyword and flags (a RUN's shell command). */
  text: string;
}

export interface Stage {
  name: string;
  instructions: Instruction[];
}

/**
 * Reads a Dockerfile into its stages: comments and parser directives dropped, continuation
 * lines joined. Enough of the syntax for this project's Dockerfile: exec-form (JSON) and
 * shell-form arguments, `--flag=value` flags.
 */
export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (pending === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    if (line.trimStart().startsWith('#')) continue; // a comment inside a continued instruction
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(pending + line);
    pending = '';
  }
  if (pending !== '') logical.push(pending);

  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword, rest] = /^\s*(\S+)\s*(.*)$/.exec(line)!;
    const op = keyword.toUpperCase();
    const flags: Record<string, string> = {};
    let remainder = rest;
    for (let flag = /^--([\w-]+)=(\S+)\s+/.exec(remainder); flag; flag = /^--([\w-]+)=(\S+)\s+/.exec(remainder)) {
      flags[flag[1]] = flag[2];
      remainder = remainder.slice(flag[0].length);
    }
    const args = remainder.startsWith('[') ? (JSON.parse(remainder) as string[]) : remainder.split(/\s+/).filter(Boolean);
    const instruction: Instruction = { op, flags, args, text: remainder };
    if (op === 'FROM') {
      const as = args.findIndex((arg) => arg.toUpperCase() === 'AS');
      stages.push({ name: as >= 0 ? args[as + 1] : String(stages.length), instructions: [instruction] });
    } else {
      if (stages.length === 0) throw new Error(`Dockerfile: ${op} before the first FROM`);
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return stages;
}

/** `ENV A=1 B=2` (and the legacy `ENV A 1`) as a record. */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { op, args } of stage.instructions) {
    if (op !== 'ENV') continue;
    if (args.length === 2 && !args[0].includes('=')) env[args[0]] = args[1];
    else for (const pair of args) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
  }
  return env;
}

/** A .dockerignore pattern as a regular expression over slash-separated paths relative to the context. */
function patternToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/**
 * What the engine leaves out of the build context, read as BuildKit reads .dockerignore: one
 * pattern a line, `#` comments, `!` re-includes, the last matching line wins, and a pattern that
 * matches a folder leaves out everything below it.
 */
export function dockerignore(text: string): (path: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const keep = line.startsWith('!');
      const pattern = posix.normalize((keep ? line.slice(1) : line).trim().replace(/^\/+/, '')).replace(/\/+$/, '');
      return { keep, matches: patternToRegExp(pattern) };
    });
  return (path: string) => {
    const parts = path.split('/');
    let ignored = false;
    for (const rule of rules) {
      // The path itself or any folder above it.
      if (parts.some((_, n) => rule.matches.test(parts.slice(0, n + 1).join('/')))) ignored = !rule.keep;
    }
    return ignored;
  };
}

/**
 * Replays `COPY <sources…> <dest>` from `context` into `into` (the stage's WORKDIR), as the
 * engine does: a folder's contents go into dest, a file into dest when dest ends with `/` or
 * there are several sources, otherwise to dest itself; ignored paths are never sent. A source
 * missing from the context (or wholly ignored) fails, as the engine's build would.
 */
export async function replayCopy(args: string[], context: string, into: string, ignored: (path: string) => boolean): Promise<string[]> {
  const sources = args.slice(0, -1);
  const dest = args[args.length - 1];
  const target = join(into, dest);
  const copied: string[] = [];
  const copyTree = async (relative: string, to: string): Promise<void> => {
    if (ignored(relative)) return;
    const info = await stat(join(context, relative));
    if (info.isDirectory()) {
      for (const entry of await readdir(join(context, relative))) await copyTree(posix.join(relative, entry), join(to, entry));
    } else {
      await mkdir(dirname(to), { recursive: true });
      await copyFile(join(context, relative), to);
      copied.push(relative);
    }
  };
  for (const source of sources) {
    if (/[*?[]/.test(source)) throw new Error(`COPY ${source}: wildcards are not replayed; name the files`);
    const relative = posix.normalize(source).replace(/^\.?\/+/, '');
    if (ignored(relative)) throw new Error(`COPY ${source}: the path is left out of the build context by .dockerignore`);
    const info = await stat(join(context, relative)).catch(() => undefined);
    if (!info) throw new Error(`COPY ${source}: no such file in the build context`);
    if (info.isDirectory()) await copyTree(relative, target);
    else await copyTree(relative, dest.endsWith('/') || sources.length > 1 ? join(target, basename(relative)) : target);
  }
  return copied;
}

export interface StepRun {
  code: number | null;
  output: string;
}

/** Runs a RUN step's shell command as the engine does (`sh -c`), in `cwd`, with exactly `env`. */
export function runStep(command: string, cwd: string, env: Record<string, string>): Promise<StepRun> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

export interface ReplayOptions {
  /** The build context (the repository root). */
  context: string;
  /** The empty folder that stands for the stage's root directory's WORKDIR (`/app` maps to it). */
  root: string;
  /** The stage's WORKDIR in the image, mapped onto `root`. */
  imageRoot?: string;
  /** What .dockerignore leaves out of the context. */
  ignored: (path: string) => boolean;
  /** The environment of a RUN step (the stage's ENV is laid over it). */
  env: Record<string, string>;
  /** Rewrites a RUN step's command before it runs (e.g. to use a local cache). */
  command?: (text: string) => string;
  /**
   * Called when a RUN step fails, before the replay throws: returning true stops the replay
   * quietly (the caller decided the failure is the environment's, not the Dockerfile's).
   */
  giveUp?: (instruction: Instruction, run: StepRun) => boolean;
}

/**
 * Replays one stage: WORKDIR, COPY from the context (never --from) and RUN, in order. Throws
 * with the step's output when a RUN step fails: a step that needs a file the COPY set did not
 * bring fails here as it fails in `docker build`. Resolves to the context paths it copied, or
 * to undefined when `giveUp` stopped it.
 */
export async function replayStage(stage: Stage, options: ReplayOptions): Promise<string[] | undefined> {
  const imageRoot = options.imageRoot ?? '/app';
  const env = { ...options.env, ...envOf(stage) };
  let cwd = options.root;
  const sent: string[] = [];
  for (const instruction of stage.instructions.slice(1)) {
    if (instruction.op === 'WORKDIR') {
      cwd = join(options.root, posix.relative(imageRoot, instruction.args[0]));
      await mkdir(cwd, { recursive: true });
    } else if (instruction.op === 'COPY') {
      if (instruction.flags.from) throw new Error(`COPY --from=${instruction.flags.from} in a stage replayed from the context`);
      sent.push(...(await replayCopy(instruction.args, options.context, cwd, options.ignored)));
    } else if (instruction.op === 'RUN') {
      const run = await runStep(options.command ? options.command(instruction.text) : instruction.text, cwd, env);
      if (run.code !== 0 && options.giveUp?.(instruction, run)) return undefined;
      if (run.code !== 0) throw new Error(`RUN ${instruction.text}\nexited with ${run.code}:\n${run.output}`);
    } else if (!['ENV', 'ARG', 'LABEL'].includes(instruction.op)) {
      throw new Error(
        `${instruction.op} is not replayed: teach test/support/dockerfile.ts, or keep the build stage to WORKDIR, COPY and RUN`,
      );
    }
  }
  return sent;
}
