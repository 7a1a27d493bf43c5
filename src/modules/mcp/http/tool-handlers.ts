import type { JsonText } from '../../../common/http/json-text';
import type { Principal } from '../../../common/http/principal';
import type { ToolInput, ToolName, ToolOutput } from './tool-schemas';

/**
 * The fields of a tool's data that its route writes as JSON text rather than as objects (a
 * page's items, rendered by the store): what the answer's `data` leaves out.
 */
interface RenderedFields {
  get_items: 'items';
}

/** `O` without the fields `F`, its other fields kept (Omit would keep only the index signature of a loose object). */
type Without<O, F extends PropertyKey> = { [K in keyof O as K extends F ? never : K]: O[K] };

/** What a tool's one-line summary reads: the route's data, less the fields written as text. */
export type ToolFacts<T extends ToolName> = T extends keyof RenderedFields ? Without<ToolOutput<T>, RenderedFields[T]> : ToolOutput<T>;

/** What the HTTP route of the same action answers as `data`, and whether it was a replay. */
export interface ToolAnswer<T extends ToolName> {
  data: ToolFacts<T>;
  /**
   * The route's whole `data` as the JSON text its presenter writes, for a route that writes
   * text (a page of items: presentPage): the tool's structuredContent as it is, so that the
   * items the store rendered are never parsed into objects and written again.
   */
  json?: JsonText;
  replayed?: boolean;
}

/** One tool's call: the caller and the arguments its input schema parsed, answered as its route answers. */
export type ToolHandler<T extends ToolName> = (caller: Principal, args: ToolInput<T>) => Promise<ToolAnswer<T>>;

/** The handler of every tool, by name: a tool without one is a type error. */
export type ToolHandlers = { readonly [T in ToolName]: ToolHandler<T> };
