import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Whether process `pid` holds the TCP connection from its port `port` to port `peerPort`
 * (Linux /proc). Both ends count: an ephemeral port is unique only per destination, so
 * another process may hold a connection from the same port to somewhere else.
 */
export function ownsConnection(pid: number, port: number, peerPort: number): boolean {
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
      const portOf = (address: string) => parseInt(address.split(':')[1], 16);
      if (portOf(fields[1]) === port && portOf(fields[2]) === peerPort) inodes.add(fields[9]);
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

/** The TCP sockets process `pid` listens on, as `address:port` (Linux /proc; IPv4 addresses dotted, IPv6 as the kernel's hex). */
export function listeningSockets(pid: number): string[] {
  const listening = new Map<string, string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // State 0A: LISTEN.
      if (fields[3] !== '0A') continue;
      const [hexAddress, hexPort] = fields[1].split(':');
      const address =
        hexAddress.length === 8
          ? (hexAddress.match(/../g) ?? [])
              .reverse()
              .map((byte) => parseInt(byte, 16))
              .join('.')
          : hexAddress;
      listening.set(fields[9], `${address}:${parseInt(hexPort, 16)}`);
    }
  }
  const found: string[] = [];
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      const socket = match ? listening.get(match[1]) : undefined;
      if (socket) found.push(socket);
    } catch {
      // closed meanwhile
    }
  }
  return found.sort();
}
