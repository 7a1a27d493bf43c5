import { IpaddrAddressClassifier, nonPublicRange } from './ipaddr-address-classifier';

describe('which addresses webhooks may be sent to', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['64:ff9b::a00:1', 'rfc6052'],
  ])('refuses %s (%s)', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(nonPublicRange(address)).toBeNull();
  });

  it('is what the URL policy port answers', () => {
    const classifier = new IpaddrAddressClassifier();
    expect(classifier.nonPublicRange('10.0.0.1')).toBe('private');
    expect(classifier.nonPublicRange('8.8.8.8')).toBeNull();
    expect(classifier.nonPublicRange('not an address')).toBe('invalid address');
  });
});
