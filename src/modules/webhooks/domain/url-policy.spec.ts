import { checkHostIsPublic, checkUrlShape, HostResolver, HostUnresolvable, nonPublicRange } from './url-policy';
import { WebhookUrlRefused } from './webhooks.errors';

class FixedResolver extends HostResolver {
  constructor(private readonly answers: Record<string, string[]>) {
    super();
  }
  async resolveAll(host: string): Promise<string[]> {
    const found = this.answers[host];
    if (!found) throw new HostUnresolvable(host);
    return found;
  }
}

describe('webhook URL policy', () => {
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

  it('wants https, a host, no credentials, at most 2,048 characters', () => {
    const strict = { allowPrivate: false };
    expect(checkUrlShape('https://example.com/hook', strict).hostname).toBe('example.com');
    for (const bad of [
      'http://example.com/',
      'ftp://example.com/',
      'not a url',
      'https://user:pw@example.com/',
      `https://example.com/${'a'.repeat(2030)}`,
    ]) {
      expect(() => checkUrlShape(bad, strict)).toThrow(WebhookUrlRefused);
    }
    expect(checkUrlShape('http://127.0.0.1:8080/hook', { allowPrivate: true }).port).toBe('8080');
  });

  it('refuses a host any of whose addresses is not public, and one that does not resolve', async () => {
    const resolver = new FixedResolver({ 'ok.test': ['8.8.8.8'], 'mixed.test': ['8.8.8.8', '10.0.0.7'] });
    await expect(checkHostIsPublic(new URL('https://ok.test/'), resolver)).resolves.toBeUndefined();
    await expect(checkHostIsPublic(new URL('https://mixed.test/'), resolver)).rejects.toThrow(/10\.0\.0\.7, a private address/);
    await expect(checkHostIsPublic(new URL('https://nowhere.test/'), resolver)).rejects.toThrow(/does not resolve/);
    await expect(checkHostIsPublic(new URL('https://[::1]/'), new FixedResolver({ '::1': ['::1'] }))).rejects.toThrow(/loopback/);
  });
});
