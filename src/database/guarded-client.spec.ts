import { GuardedClient } from './guarded-client';

describe('GuardedClient', () => {
  it('survives a connection error raised while no query runs on it (the server stopped while a request held it)', () => {
    const client = new GuardedClient({ host: '127.0.0.1', port: 1 });
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    // What pg does with an error message from the server when no query is active.
    expect(() => client.emit('error', terminated)).not.toThrow();
  });
});
