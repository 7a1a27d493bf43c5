import type { RenderedItems } from '../application/item-page.read-model';
import type { ItemResource } from '../application/item-resource';

/** An Item resource as a page renders it (API.md section 3). */
export type ShownItem = ItemResource;

/** The items of a rendered page, parsed; fails when its count does not match what it holds. */
export function itemsShown(rendered: RenderedItems): ShownItem[] {
  const items = JSON.parse(rendered.json) as ShownItem[];
  if (!Array.isArray(items) || items.length !== rendered.count) {
    throw new Error(`a rendered page says ${rendered.count} items and holds ${rendered.json}`);
  }
  return items;
}
