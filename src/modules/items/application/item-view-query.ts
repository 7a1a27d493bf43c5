import { InvalidInput } from '../../../common/errors/domain-error';
import { foldKey } from '../../../common/text/fold-key';
import { ITEM_PRIORITIES, type ItemPriority, type ItemStatusFilter } from '../domain/item';
import { type AssigneeFilter, type ItemSort, type ItemView, PLAIN_FILTERS } from '../domain/item-view';
import { LIST_IDS_MAX, Q_MAX_LENGTH, Q_MAX_WORDS } from './dto/item-page.query';
import { LABEL_MAX } from '../domain/item-fields';

/**
 * The view parameters of a request, as query text (the DTOs' fields; a cursor's copy of them).
 * Every value is already of the DTO's form.
 */
export interface ViewParameters {
  status?: string;
  due_from?: string;
  due_to?: string;
  has_due?: string;
  assignee?: string;
  label?: string;
  priority?: string;
  q?: string;
  sort?: string;
  list_id?: string;
}

/** The names of ViewParameters: what a cursor carries and a request with a cursor may repeat. */
export const VIEW_PARAMETERS = [
  'status',
  'due_from',
  'due_to',
  'has_due',
  'assignee',
  'label',
  'priority',
  'q',
  'sort',
  'list_id',
] as const;

/** A request's view: the view itself, the lists it is limited to (GET /v1/items), and its canonical text. */
export interface ReadView {
  view: ItemView;
  /** Lower-cased, without repeats; null: every list the caller can see. */
  listIds: readonly string[] | null;
  /**
   * The parameters in one spelling each (defaults left out, words case-folded, lists sorted):
   * two requests mean the same view exactly when these are equal. A cursor carries it, and it
   * reads back (readView) as the view it was issued for.
   */
  canonical: Record<string, string>;
}

const invalid = (message: string) => new InvalidInput('VALIDATION_FAILED', message);
const codePoints = (text: string): number => [...text].length;

/**
 * Reads the view parameters into a view for `userId` (whom `assignee=me` names), with
 * `defaultSort` when none is given. Forms were checked by the DTO; this checks what the forms
 * cannot say (lengths in code points after trimming, word counts, due_from after due_to,
 * list_id's count) and answers 400 naming the parameter. A cursor's canonical copy is read
 * `trusted`: its label and words were checked when it was issued, and folding may lengthen them.
 */
export function readView(parameters: ViewParameters, userId: string, defaultSort: ItemSort, { trusted = false } = {}): ReadView {
  const canonical: Record<string, string> = {};
  const filters = { ...PLAIN_FILTERS };

  const status = (parameters.status ?? 'all') as ItemStatusFilter;
  filters.status = status;
  if (status !== 'all') canonical.status = status;

  if (parameters.due_from !== undefined) canonical.due_from = filters.dueFrom = parameters.due_from;
  if (parameters.due_to !== undefined) canonical.due_to = filters.dueTo = parameters.due_to;
  if (filters.dueFrom !== null && filters.dueTo !== null && filters.dueFrom > filters.dueTo) {
    throw invalid('due_from must not be after due_to');
  }
  if (parameters.has_due !== undefined) {
    filters.hasDue = parameters.has_due === 'true';
    canonical.has_due = parameters.has_due;
  }

  if (parameters.assignee !== undefined) {
    const assignee = parameters.assignee.toLowerCase();
    const filter: AssigneeFilter = assignee === 'none' ? { kind: 'none' } : { kind: 'user', id: assignee === 'me' ? userId : assignee };
    filters.assignee = filter;
    canonical.assignee = assignee;
  }

  if (parameters.label !== undefined) {
    const label = parameters.label.trim();
    if (label === '') throw invalid('label must not be empty');
    // The longest label an item may carry: a longer one matches nothing, so it is refused.
    if (!trusted && codePoints(label) > LABEL_MAX) throw invalid(`label must be at most ${LABEL_MAX} characters`);
    canonical.label = filters.labelKey = foldKey(label);
  }

  if (parameters.priority !== undefined) {
    const named = new Set(parameters.priority.split(','));
    const priorities: ItemPriority[] = ITEM_PRIORITIES.filter((priority) => named.has(priority));
    filters.priorities = priorities;
    canonical.priority = priorities.join(',');
  }

  if (parameters.q !== undefined) {
    const q = parameters.q.trim();
    if (!trusted && codePoints(q) > Q_MAX_LENGTH) throw invalid(`q must be at most ${Q_MAX_LENGTH} characters`);
    // Each word's foldKey, the key `q` compares with the text's and the notes' (domain/item-view.ts).
    const words = [
      ...new Set(
        q
          .split(/\s+/u)
          .filter((word) => word !== '')
          .map(foldKey),
      ),
    ];
    if (words.length === 0) throw invalid('q must hold at least one word');
    if (words.length > Q_MAX_WORDS) throw invalid(`q must hold at most ${Q_MAX_WORDS} words`);
    filters.words = words;
    canonical.q = words.join(' ');
  }

  const sort = (parameters.sort ?? defaultSort) as ItemSort;
  if (sort !== defaultSort) canonical.sort = sort;

  let listIds: string[] | null = null;
  if (parameters.list_id !== undefined) {
    const ids = parameters.list_id.split(',').map((id) => id.trim().toLowerCase());
    if (ids.some((id) => id === '')) throw invalid('list_id must be a comma list of list ids');
    if (ids.length > LIST_IDS_MAX) throw invalid(`list_id must name at most ${LIST_IDS_MAX} lists`);
    listIds = [...new Set(ids)].sort();
    canonical.list_id = listIds.join(',');
  }

  return { view: { filters, sort }, listIds, canonical };
}

/** Whether a request names any view parameter (a request with a cursor may name none). */
export const namesViewParameters = (parameters: ViewParameters): boolean => VIEW_PARAMETERS.some((name) => parameters[name] !== undefined);

/** Whether two canonical views are the same. */
export function sameCanonical(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

/** Whether a cursor's copy of the parameters is a canonical view's form: known names, text values. */
export function isCanonical(value: unknown): value is Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([name, text]) => (VIEW_PARAMETERS as readonly string[]).includes(name) && typeof text === 'string' && text.length <= 4000,
  );
}
