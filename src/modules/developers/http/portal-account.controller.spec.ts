import type { Request, Response } from 'express';
import type { AccountsService } from '../../auth/domain/accounts.service';
import type { SessionsService } from '../../auth/domain/sessions.service';
import type { SignedIn, SignInService } from '../../auth/domain/sign-in.service';
import type { AppConfig } from '../../../config/app-config';
import { PortalAccountController } from './portal-account.controller';

/** The addresses the sign-in throttle was given, one per sign-in or sign-up. */
function controllerRecordingAddresses() {
  const addresses: string[] = [];
  const signedIn = {
    token: 't',
    session: { expiresAt: new Date(0) },
    user: { id: 'u', email: 'e@example.test', username: 'u', name: 'U' },
  } as unknown as SignedIn;
  const signIns = {
    signIn: (_login: string, _password: string, address: string) => (addresses.push(address), Promise.resolve(signedIn)),
    signUp: (_input: unknown, address: string) => (addresses.push(address), Promise.resolve(signedIn)),
  } as unknown as SignInService;
  const controller = new PortalAccountController(
    signIns,
    {} as AccountsService,
    {} as SessionsService,
    { cookieSecure: false } as AppConfig,
  );
  return { controller, addresses };
}

const from = (ip: string) => ({ ip, socket: {}, cookies: {} }) as unknown as Request;
const res = { cookie: () => undefined } as unknown as Response;

describe('PortalAccountController: the client address of the sign-in throttle', () => {
  it('groups IPv6 by /64 and folds IPv4-mapped addresses, as the 401 limit does', async () => {
    const { controller, addresses } = controllerRecordingAddresses();
    await controller.login({ login: 'someone', password: 'a long enough password' }, from('2001:db8:1:2:aaaa::1'), res);
    await controller.login({ login: 'someone', password: 'a long enough password' }, from('2001:db8:1:2:bbbb::9'), res);
    await controller.signUp({} as never, from('2001:db8:1:2:cccc::7'), res);
    await controller.login({ login: 'someone', password: 'a long enough password' }, from('2001:db8:1:3::1'), res);
    await controller.login({ login: 'someone', password: 'a long enough password' }, from('::ffff:192.0.2.7'), res);
    const [first, second, signUp, otherNet, mapped] = addresses;
    expect(second).toBe(first);
    expect(signUp).toBe(first);
    expect(otherNet).not.toBe(first);
    expect(mapped).toBe('192.0.2.7');
  });
});
