import { clientAddress } from './client-address';

describe('clientAddress', () => {
  it('groups IPv6 addresses by /64 and folds IPv4-mapped addresses to IPv4', () => {
    const a = clientAddress({ ip: '2001:db8:1:2:aaaa::1', socket: {} as never });
    expect(clientAddress({ ip: '2001:db8:1:2:bbbb::9', socket: {} as never })).toBe(a);
    expect(clientAddress({ ip: '2001:db8:1:3::1', socket: {} as never })).not.toBe(a);
    expect(clientAddress({ ip: '::ffff:192.0.2.7', socket: {} as never })).toBe('192.0.2.7');
  });

  it('falls back to the socket address, then to "unknown"', () => {
    expect(clientAddress({ ip: undefined, socket: { remoteAddress: '192.0.2.8' } as never })).toBe('192.0.2.8');
    expect(clientAddress({ ip: undefined, socket: {} as never })).toBe('unknown');
  });
});
