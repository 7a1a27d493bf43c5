import { IpaddrAddressClassifier } from '../infrastructure/delivery/ipaddr-address-classifier';
import { checkHostIsPublic, checkUrlShape, HostResolver, HostUnresolvable } from './url-policy';
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
    const addresses = new IpaddrAddressClassifier();
    const resolver = new FixedResolver({ 'ok.test': ['8.8.8.8'], 'mixed.test': ['8.8.8.8', '10.0.0.7'] });
    await expect(checkHostIsPublic(new URL('https://ok.test/'), resolver, addresses)).resolves.toBeUndefined();
    await expect(checkHostIsPublic(new URL('https://mixed.test/'), resolver, addresses)).rejects.toThrow(/10\.0\.0\.7, a private address/);
    await expect(checkHostIsPublic(new URL('https://nowhere.test/'), resolver, addresses)).rejects.toThrow(/does not resolve/);
    await expect(checkHostIsPublic(new URL('https://[::1]/'), new FixedResolver({ '::1': ['::1'] }), addresses)).rejects.toThrow(
      /loopback/,
    );
  });
});
