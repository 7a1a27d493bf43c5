import type { ItemPage, PageRequest } from '../../application/item-page.read-model';
import { RenderedPageCache } from './rendered-page-cache';

const pageOf = (json: string): ItemPage => ({ items: { json, count: 1, lastSeq: 1 }, hasMore: false });
const first: PageRequest = { status: 'all', limit: 100 };

describe('RenderedPageCache', () => {
  it('finds a page with the version it was rendered at, apart for each position, size and status', () => {
    const cache = new RenderedPageCache(1024 * 1024);
    cache.set('list', first, '7', pageOf('["first"]'));
    cache.set('list', { ...first, afterSeq: 5 }, '7', pageOf('["after 5"]'));
    cache.set('list', { ...first, status: 'open' }, '7', pageOf('["open"]'));
    cache.set('list', { ...first, limit: 10 }, '7', pageOf('["ten"]'));
    expect(cache.find('list', first)).toEqual({ version: '7', page: pageOf('["first"]') });
    expect(cache.find('list', { ...first, afterSeq: 5 })?.page.items.json).toBe('["after 5"]');
    expect(cache.find('list', { ...first, status: 'open' })?.page.items.json).toBe('["open"]');
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
