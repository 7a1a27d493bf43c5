import { loggablePath } from './logger';

describe('loggablePath', () => {
  it('masks the token of a share-link join, with or without a query', () => {
    const token = 'daNqlCQhWlkc7qEJ7YkR41JonRrzwlg9s19x6zyEdSc';
    expect(loggablePath(`/v1/shares/${token}/join`)).toBe('/v1/shares/[redacted]/join');
    expect(loggablePath(`/v1/shares/${token}/join?x=1`)).toBe('/v1/shares/[redacted]/join?x=1');
  });

  it('leaves every other path as it is, share-link ids included', () => {
    for (const path of ['/v1/lists/1f0e/shares', '/v1/lists/1f0e/shares/9a8b', '/v1/invitations/9a8b/accept', '/health/live']) {
      expect(loggablePath(path)).toBe(path);
    }
  });
});
