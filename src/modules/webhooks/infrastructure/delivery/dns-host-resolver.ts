import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { HostResolver, HostUnresolvable } from '../../domain/url-policy';

/** Every address of a host through the system resolver (getaddrinfo, as connections use); a literal is itself. */
export class DnsHostResolver extends HostResolver {
  async resolveAll(host: string): Promise<string[]> {
    if (isIP(host)) return [host];
    try {
      const found = await lookup(host, { all: true, verbatim: true });
      if (found.length === 0) throw new HostUnresolvable(host);
      return found.map((entry) => entry.address);
    } catch (error) {
      if (error instanceof HostUnresolvable) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'EAI_NONAME' || code === 'EAI_AGAIN') throw new HostUnresolvable(host);
      throw error;
    }
  }
}
