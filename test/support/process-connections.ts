import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The rows of the kernel's TCP tables (Linux /proc/net/tcp and tcp6), each split into its fields. */
function tcpTableRows(): string[][] {
  const rows: string[][] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) rows.push(line.trim().split(/\s+/));
  }
  return rows;
}

/** The socket inodes process `pid` holds open (null when the process has gone). */
function socketInodesOf(pid: number): string[] | null {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return null;
  }
  const inodes: string[] = [];
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.push(match[1]);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/**
 * Whether process `pid` holds the TCP connection from its port `port` to port `peerPort`
 * (Linux /proc). Both ends count: an ephemeral port is unique only per destination, so
 * another process may hold a connection from the same port to somewhere else.
 */
export function ownsConnection(pid: number, port: number, peerPort: number): boolean {
  const portOf = (address: string) => parseInt(address.split(':')[1], 16);
  const inodes = new Set(
    tcpTableRows().flatMap((fields) => (portOf(fields[1]) === port && portOf(fields[2]) === peerPort ? [fields[9]] : [])),
  );
  return (socketInodesOf(pid) ?? []).some((inode) => inodes.has(inode));
}

/** The TCP sockets process `pid` listens on, as `address:port` (Linux /proc; IPv4 addresses dotted, IPv6 as the kernel's hex). */
export function listeningSockets(pid: number): string[] {
  const listening = new Map<string, string>();
  // State 0A: LISTEN.
  for (const fields of tcpTableRows().filter((row) => row[3] === '0A')) {
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
  const inodes = socketInodesOf(pid);
  if (inodes === null) throw new Error(`no process ${pid}`);
  return inodes.flatMap((inode) => listening.get(inode) ?? []).sort();
}
