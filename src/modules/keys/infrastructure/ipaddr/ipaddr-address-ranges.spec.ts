import { IpaddrAddressRanges } from './ipaddr-address-ranges';

describe('IpaddrAddressRanges', () => {
  const ranges = new IpaddrAddressRanges();

  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['192.0.2.1/32', '192.0.2.1'],
    ['192.0.2.0/24', '192.0.2.0/24'],
    [' 10.0.0.0/8 ', '10.0.0.0/8'],
    ['0.0.0.0/1', '0.0.0.0/1'],
    ['2001:DB8:0:0::1', '2001:db8::1'],
    ['2001:db8::1/128', '2001:db8::1'],
    ['2001:DB8::/32', '2001:db8::/32'],
    ['::ffff:198.51.100.1', '198.51.100.1'],
    ['::ffff:198.51.100.0/120', '198.51.100.0/24'],
  ])('writes %j canonically as %j', (text, canonical) => {
    expect(ranges.read(text)).toEqual({ canonical });
  });

  it.each([
    [''],
    ['example.com'],
    ['127.1'],
    ['0x7f.0.0.1'],
    ['192.0.2.1/33'],
    ['192.0.2.1/'],
    ['192.0.2.1/2/3'],
    ['2001:db8::/129'],
    ['::ffff:1.2.3.4/64'],
    ['192.0.2.256'],
    ['192.0.2.1/+8'],
  ])('refuses %j as no address or range', (text) => {
    expect(ranges.read(text)).toEqual({ problem: 'is not an IPv4 or IPv6 address or CIDR range' });
  });

  it.each([
    ['fe80::1%eth0', '%eth0'],
    ['fe80::1%25/64', '%25'],
  ])('refuses the zone id of %j, naming it', (text, zone) => {
    expect(ranges.read(text)).toEqual({
      problem: `carries a zone id (${zone}), which names a network interface of one machine; give the address alone`,
    });
  });

  it.each([['0.0.0.0/0'], ['1.2.3.4/0'], ['::/0'], ['2001:db8::1/0'], ['::ffff:0.0.0.0/96']])(
    'refuses %j, a range of every address, which restricts nothing',
    (text) => {
      expect(ranges.read(text)).toEqual({
        problem: 'covers every address (/0), which restricts nothing; leave allowed_ips out for a key usable from anywhere',
      });
    },
  );

  it.each([
    ['192.0.2.77/24', '192.0.2.0/24'],
    ['10.1.2.3/8', '10.0.0.0/8'],
    ['2001:db8:abcd::1/32', '2001:db8::/32'],
    ['::ffff:198.51.100.7/120', '198.51.100.0/24'],
  ])('refuses %j, whose host bits are set, naming its range %j', (text, range) => {
    expect(ranges.read(text)).toEqual({ problem: `has host bits set: the range is "${range}"` });
  });

  it('matches a client address against canonical ranges, IPv4-mapped IPv6 as its IPv4 address', () => {
    const allowed = ['192.0.2.0/24', '203.0.113.9', '2001:db8::/32'];
    for (const inside of ['192.0.2.0', '192.0.2.255', '203.0.113.9', '::ffff:192.0.2.10', '2001:db8:ffff::1']) {
      expect(ranges.allows(allowed, inside)).toBe(true);
    }
    for (const outside of ['192.0.3.0', '203.0.113.10', '::ffff:203.0.113.10', '2001:db9::1', '::1', 'unknown', '']) {
      expect(ranges.allows(allowed, outside)).toBe(false);
    }
  });

  it('remembers each verdict per list of ranges, so an address asked again is answered the same, and another key decides its own', () => {
    const fresh = new IpaddrAddressRanges();
    const narrow = ['192.0.2.0/24'];
    const wide = ['192.0.0.0/16'];
    for (let round = 0; round < 3; round += 1) {
      expect(fresh.allows(narrow, '192.0.3.1')).toBe(false);
      expect(fresh.allows(wide, '192.0.3.1')).toBe(true);
      expect(fresh.allows(narrow, '192.0.2.1')).toBe(true);
    }
    // Past the addresses remembered per list, the verdicts start over and stay right.
    for (let i = 0; i < 600; i += 1) expect(fresh.allows(narrow, `192.0.${2 + (i % 2)}.${i % 250}`)).toBe(i % 2 === 0);
  });
});
