// Loaded into the service by bench/soak.mjs (`node --import`): writes the process's memory
// figures to SOAK_PROBE_FILE once a second. The heap cannot be read from outside the process
// without an inspector, whose session would itself change what is measured.
import { writeFileSync } from 'node:fs';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  setInterval(() => {
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ rss, heapUsed, heapTotal, external }));
  }, 1_000).unref();
}
