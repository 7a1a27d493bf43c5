import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { dockerignore, envOf, parseDockerfile, replayStage } from './dockerfile';

/** The Dockerfile replay of test/dockerfile.e2e-spec.ts, on small made-up contexts. */
describe('Dockerfile replay', () => {
  let context: string;
  let root: string;
  beforeEach(async () => {
    const base = await mkdtemp(join(tmpdir(), 'todo-replay-'));
    context = join(base, 'context');
    root = join(base, 'root');
    await mkdir(root);
    const files: Record<string, string> = {
      'package.json': '{}',
      'scripts/build.mjs': "import { writeFileSync, mkdirSync } from 'node:fs'; mkdirSync('dist'); writeFileSync('dist/main.js', '');",
      'src/main.ts': '',
      'src/main.spec.ts': '',
      '.env': 'SECRET=1',
      'node_modules/x/index.js': '',
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(context, path)), { recursive: true });
      await writeFile(join(context, path), text);
    }
  });
  afterEach(() => rm(dirname(context), { recursive: true, force: true }));

  const env = { PATH: process.env.PATH ?? '' };
  const ignored = dockerignore('# comment\nnode_modules\n**/.env\nsrc/**/*.spec.ts\n');

  it('reads stages, flags, exec-form arguments, ENV and continuation lines', () => {
    const [build, runtime] = parseDockerfile(
      '# syntax=docker/dockerfile:1\nFROM node:24 AS build\nRUN a \\\n && b\nFROM node:24\nENV A=1 \\\n    B=2\nCOPY --from=build --chown=app:app /app/dist ./dist\nCMD ["node", "dist/main.js"]\n',
    );
    expect(build.name).toBe('build');
    expect(build.instructions[1]).toMatchObject({ op: 'RUN', text: 'a   && b' });
    expect(envOf(runtime)).toEqual({ A: '1', B: '2' });
    expect(runtime.instructions[2]).toMatchObject({ flags: { from: 'build', chown: 'app:app' }, args: ['/app/dist', './dist'] });
    expect(runtime.instructions[3].args).toEqual(['node', 'dist/main.js']);
  });

  it('reads .dockerignore as the engine does: folders, ** and the last matching line, ! re-including', () => {
    const rules = dockerignore('node_modules\n**/*.log\ndocs\n!docs/keep.md\n');
    expect(rules('node_modules/a/b.js')).toBe(true);
    expect(rules('src/deep/x.log')).toBe(true);
    expect(rules('x.log')).toBe(true);
    expect(rules('docs/API.md')).toBe(true);
    expect(rules('docs/keep.md')).toBe(false);
    expect(rules('src/main.ts')).toBe(false);
  });

  it('copies what COPY names, less what .dockerignore leaves out, and runs the RUN steps on it', async () => {
    const [stage] = parseDockerfile(
      'FROM node AS build\nWORKDIR /app\nCOPY package.json ./\nCOPY scripts ./scripts\nCOPY src ./src\nRUN node scripts/build.mjs\n',
    );
    const sent = await replayStage(stage, { context, root, ignored, env });
    expect(sent!.sort()).toEqual(['package.json', 'scripts/build.mjs', 'src/main.ts']);
    expect(existsSync(join(root, 'dist', 'main.js'))).toBe(true);
    expect(existsSync(join(root, 'src', 'main.spec.ts'))).toBe(false);
  });

  it('fails when a RUN step needs a file the COPY set did not bring', async () => {
    const [stage] = parseDockerfile('FROM node AS build\nWORKDIR /app\nCOPY package.json ./\nCOPY src ./src\nRUN node scripts/build.mjs\n');
    await expect(replayStage(stage, { context, root, ignored, env })).rejects.toThrow(
      /RUN node scripts\/build\.mjs\nexited with 1:[^]*Cannot find module/,
    );
  });

  it('fails when COPY names a file that is not in the context, or one .dockerignore leaves out', async () => {
    for (const copy of ['COPY missing.json ./', 'COPY .env ./']) {
      const [stage] = parseDockerfile(`FROM node\nWORKDIR /app\n${copy}\n`);
      await expect(replayStage(stage, { context, root, ignored, env })).rejects.toThrow(
        /no such file in the build context|left out of the build context/,
      );
    }
  });

  it('stops quietly when the caller gives a failed step up', async () => {
    const [stage] = parseDockerfile('FROM node\nRUN exit 3\nRUN touch never\n');
    await expect(replayStage(stage, { context, root, ignored, env, giveUp: (_step, run) => run.code === 3 })).resolves.toBeUndefined();
    expect(existsSync(join(root, 'never'))).toBe(false);
  });
});
