/**
 * The Redis specs run only against a Redis the runner names (TEST_REDIS_URL); without one
 * they skip, and say loudly what went unchecked, so a green run without Redis is not
 * mistaken for one that proved the shared behaviour.
 */
export function withTestRedis(spec: string, unchecked: string): { redisUrl: string | undefined; describeWithRedis: jest.Describe } {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) {
    process.stderr.write(`\n!! SKIPPED: ${spec} needs Redis (set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379);\n!! ${unchecked}\n\n`);
  }
  return { redisUrl, describeWithRedis: redisUrl ? describe : describe.skip };
}

/** Records what a Redis adapter logs, to count the warnings of an outage. */
export class RecordingLog {
  readonly lines: string[] = [];
  warn = (message: string) => this.lines.push(`warn: ${message}`);
  info = (message: string) => this.lines.push(`info: ${message}`);
}
