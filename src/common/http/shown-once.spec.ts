import { revealShownOnce, shownOnce } from './shown-once';

describe('shownOnce', () => {
  const stored = { id: 's1', token: null as string | null, role: 'viewer' };
  const secret = 'daNqlCQhWlkc7qEJ7YkR41JonRrzwlg9s19x6zyEdSc';

  it('is the stored shape (secret null) to JSON and to structuredClone: what a store keeps', () => {
    const response = { share: shownOnce(stored, { token: secret }) };
    expect(JSON.stringify(response)).not.toContain(secret);
    expect(JSON.parse(JSON.stringify(response))).toEqual({ share: stored });
    expect(JSON.stringify(structuredClone(response))).not.toContain(secret);
  });

  it('is revealed, at any depth, for the response being sent, without changing the input', () => {
    const response = { share: shownOnce(stored, { token: secret }), list: [shownOnce({ a: null }, { a: 'x' })] };
    expect(revealShownOnce(response)).toEqual({ share: { ...stored, token: secret }, list: [{ a: 'x' }] });
    expect(response.share.token).toBeNull();
  });

  it('returns a response without a secret as it is (no copy on the hot path)', () => {
    const page = {
      items: [
        { id: 'a', tags: ['x'] },
        { id: 'b', tags: [] },
      ],
      next_cursor: null,
    };
    expect(revealShownOnce(page)).toBe(page);
  });

  it('leaves values without a secret as they are (dates, arrays, scalars)', () => {
    const at = new Date(0);
    expect(revealShownOnce({ at, n: [1, 'a', null], s: 'x' })).toEqual({ at, n: [1, 'a', null], s: 'x' });
    expect(revealShownOnce(undefined)).toBeUndefined();
    expect(revealShownOnce(JSON.parse(JSON.stringify({ share: shownOnce(stored, { token: secret }) })))).toEqual({ share: stored });
  });
});
