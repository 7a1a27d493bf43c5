import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Whether process `pid` holds the TCP connection whose local port is `port` (Linux /proc). */
export function ownsConnection(pid: number, port: number): boolean {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (parseInt(fields[1].split(':')[1], 16) === port) inodes.add(fields[9]);
    }
  }
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // the process has gone
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match && inodes.has(match[1])) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}
