import { isLoopbackAddress, isLoopbackHostHeader, isLoopbackHostName } from './loopback';

describe('loopback', () => {
  it.each(['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])('takes %j as a loopback address', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each([undefined, '', '10.0.0.1', '0.0.0.0', '::', '192.168.1.2', '::ffff:10.0.0.1', '127.1', '0x7f.0.0.1', 'fe80::1%lo', 'localhost'])(
    'does not take %j as a loopback address',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(false);
    },
  );

  it.each(['localhost', 'LocalHost', '127.0.0.1', '::1', '[::1]'])('takes %j as a loopback host name', (name) => {
    expect(isLoopbackHostName(name)).toBe(true);
  });

  it.each(['0.0.0.0', '::', 'example.com', 'localhost.example.com', '10.1.2.3', 'my-laptop'])(
    'does not take %j as a loopback host name',
    (name) => {
      expect(isLoopbackHostName(name)).toBe(false);
    },
  );

  it.each(['127.0.0.1:3000', '127.0.0.1', 'localhost:8080', 'LOCALHOST', '[::1]:3000', '[::1]'])(
    'takes Host %j as naming this machine',
    (header) => {
      expect(isLoopbackHostHeader(header)).toBe(true);
    },
  );

  it.each([
    undefined,
    '',
    'evil.example',
    'evil.example:3000',
    '127.0.0.1.evil.example',
    'localhost.evil.example',
    'user@127.0.0.1',
    '127.0.0.1:3000/x',
    '::1',
    '[::1',
    '127.0.0.1:',
    '10.0.0.5:3000',
  ])('does not take Host %j as naming this machine', (header) => {
    expect(isLoopbackHostHeader(header)).toBe(false);
  });
});
