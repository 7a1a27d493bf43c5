import type { ItemPage, PageRequest } from '../../application/item-page.read-model';
import { PLAIN_FILTERS } from '../../domain/item-view';
import { RenderedPageCache } from './rendered-page-cache';

const pageOf = (json: string): ItemPage => ({ items: { json, count: 1, lastSeq: 1 }, hasMore: false, lastKey: ['a0', 1] });
const first: PageRequest = { view: { filters: PLAIN_FILTERS, sort: 'position' }, limit: 100 };
const open: PageRequest = { ...first, view: { filters: { ...PLAIN_FILTERS, status: 'open' }, sort: 'position' } };
const byDue: PageRequest = { ...first, view: { filters: PLAIN_FILTERS, sort: 'due' } };

describe('RenderedPageCache', () => {
  it('finds a page with the version it was rendered at, apart for each place, size, status and order', () => {
    const cache = new RenderedPageCache(1024 * 1024);
    cache.set('list', first, '7', pageOf('["first"]'));
    cache.set('list', { ...first, after: ['a5', 5] }, '7', pageOf('["after 5"]'));
    cache.set('list', open, '7', pageOf('["open"]'));
    cache.set('list', byDue, '7', pageOf('["due"]'));
    cache.set('list', { ...first, limit: 10 }, '7', pageOf('["ten"]'));
    expect(cache.find('list', first)).toEqual({ version: '7', page: pageOf('["first"]') });
    expect(cache.find('list', { ...first, after: ['a5', 5] })?.page.items.json).toBe('["after 5"]');
    expect(cache.find('list', open)?.page.items.json).toBe('["open"]');
    expect(cache.find('list', byDue)?.page.items.json).toBe('["due"]');
    expect(cache.find('list', { ...first, limit: 10 })?.page.items.json).toBe('["ten"]');
    expect(cache.find('other list', first)).toBeUndefined();
  });

  it('keeps the page of the latest version stored', () => {
    const cache = new RenderedPageCache(1024 * 1024);
    cache.set('list', first, '7', pageOf('["old"]'));
    cache.set('list', first, '8', pageOf('["new"]'));
    expect(cache.find('list', first)).toEqual({ version: '8', page: pageOf('["new"]') });
  });

  it('holds at most its size in pages, dropping the least recently used first', () => {
    // Each page: 2 bytes a character and 64 for the entry, 2 × 100 + 64 = 264 bytes.
    const cache = new RenderedPageCache(600);
    const json = (name: string) => `["${name}"]`.padEnd(100, ' ');
    cache.set('a', first, '1', pageOf(json('a')));
    cache.set('b', first, '1', pageOf(json('b')));
    expect(cache.find('a', first)).toBeDefined(); // now b is the least recently used
    cache.set('c', first, '1', pageOf(json('c')));
    expect(cache.find('b', first)).toBeUndefined();
    expect(cache.find('a', first)).toBeDefined();
    expect(cache.find('c', first)).toBeDefined();
  });

  it('keeps nothing when its size is 0, nor a page larger than its size', () => {
    const none = new RenderedPageCache(0);
    none.set('list', first, '1', pageOf('[]'));
    expect(none.find('list', first)).toBeUndefined();
    const small = new RenderedPageCache(100);
    small.set('list', first, '1', pageOf('x'.repeat(100)));
    expect(small.find('list', first)).toBeUndefined();
  });
});
