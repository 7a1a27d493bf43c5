// `npm start`: builds dist/ if the sources changed since the last build, then runs the service
// in this same process. package.json starts it with `exec`, so the shell npm uses for scripts
// is replaced by this process: a SIGTERM or SIGINT that npm forwards to its child reaches the
// service itself, which shuts down in order and exits 0, and npm then exits 0 too. (Without
// `exec`, Debian's sh would receive the signal, die, and leave the service running.)
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as builder from './ensure-built.mjs';

// A signal during the build stops the compiler and exits cleanly: nothing has started yet.
const stopBuilding = (signal) => {
  builder.compiler?.kill(signal);
  process.stderr.write(`stopped by ${signal} before the service started\n`);
  process.exit(0);
};
process.on('SIGTERM', stopBuilding);
process.on('SIGINT', stopBuilding);
const built = await builder.ensureBuilt();
process.off('SIGTERM', stopBuilding);
process.off('SIGINT', stopBuilding);
if (!built) process.exit(1);

createRequire(import.meta.url)(join(builder.ROOT, 'dist', 'main.js'));
