import type { PageRequest } from '../application/item-page.read-model';
import type { ItemStatusFilter } from '../domain/item';
import { PLAIN_FILTERS, type SortKey } from '../domain/item-view';

/** A page of a list's items of a status, in position order, without other filters (after `after` when given). */
export const plainRequest = (status: ItemStatusFilter, limit: number, after?: SortKey): PageRequest => ({
  view: { filters: { ...PLAIN_FILTERS, status }, sort: 'position' },
  limit,
  ...(after === undefined ? {} : { after }),
});
