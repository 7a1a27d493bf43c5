import type { JsonText } from '../../../common/http/json-text';
import type { Principal } from '../../../common/http/principal';
import type { ToolInput, ToolName, ToolOutput } from './tool-schemas';

interface ListRef {
  id: string;
  name: string;
}

/** What a page of items the store rendered as JSON text says of itself, for its summary. */
interface PageFacts {
  count: number;
  /** The page's order (its `sort`, or the route's default); null when a cursor alone names the view, whose order it carries. */
  sort: string | null;
  /** Whether any filter beyond `status` narrowed the page. */
  filtered: boolean;
  next_cursor: string | null;
}

/**
 * The tools whose route writes its data as JSON text rather than as objects (a page of items,
 * rendered by the store): their `data` is what the summary needs, not the route's data.
 */
interface RenderedFacts {
  get_items: PageFacts & { list: ListRef };
  find_items: PageFacts & { lists: ListRef[] };
}

/** What a tool's one-line summary reads: the route's data, or the facts of a page written as text. */
export type ToolFacts<T extends ToolName> = T extends keyof RenderedFacts ? RenderedFacts[T] : ToolOutput<T>;

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
