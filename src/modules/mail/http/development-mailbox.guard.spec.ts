import { NotFoundException, type ExecutionContext } from '@nestjs/common';
import { loadConfig } from '../../../config/app-config';
import { DevelopmentMailboxGuard } from './development-mailbox.guard';

function contextOf(remoteAddress: string | undefined, headers: Record<string, string>): ExecutionContext {
  const req = { method: 'GET', path: '/developers/api/dev/mailbox', socket: { remoteAddress }, headers };
  return { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
}

describe('DevelopmentMailboxGuard', () => {
  const shown = new DevelopmentMailboxGuard(loadConfig({}));

  it.each([
    ['127.0.0.1', '127.0.0.1:3000'],
    ['::ffff:127.0.0.1', 'localhost:3000'],
    ['::1', '[::1]:3000'],
  ])('serves a client at %j asking for Host %j', (address, host) => {
    expect(shown.canActivate(contextOf(address, { host }))).toBe(true);
  });

  it.each([
    ['a client on another machine', '192.0.2.7', { host: '127.0.0.1:3000' }],
    ['an IPv4-mapped client on another machine', '::ffff:192.0.2.7', { host: 'localhost:3000' }],
    ['a socket without an address', undefined, { host: '127.0.0.1:3000' }],
    ['a request relayed by a proxy (X-Forwarded-For)', '127.0.0.1', { host: '127.0.0.1:3000', 'x-forwarded-for': '192.0.2.7' }],
    ['a request relayed by a proxy (Forwarded)', '127.0.0.1', { host: '127.0.0.1:3000', forwarded: 'for=192.0.2.7' }],
    ['a Host of another name (DNS rebinding)', '127.0.0.1', { host: 'rebind.example:3000' }],
    ['no Host', '127.0.0.1', {}],
  ])('answers %s as an unknown route', (_case, address, headers: Record<string, string>) => {
    expect(() => shown.canActivate(contextOf(address, headers))).toThrow(new NotFoundException('Cannot GET /developers/api/dev/mailbox'));
  });

  it.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['SMTP_URL', { SMTP_URL: 'smtp://mail.example:25', MAIL_FROM: 'a@example.com', PUBLIC_ORIGIN: 'https://todo.example' }],
    ['HOST=0.0.0.0', { HOST: '0.0.0.0' }],
    ['HOST=::', { HOST: '::' }],
    ['HOST naming a machine', { HOST: 'todo.internal' }],
  ])('is never served under %s, even to this machine', (_case, env) => {
    const guard = new DevelopmentMailboxGuard(loadConfig(env));
    expect(() => guard.canActivate(contextOf('127.0.0.1', { host: '127.0.0.1:3000' }))).toThrow(NotFoundException);
  });
});
