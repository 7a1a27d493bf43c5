import { z } from 'zod';
import { SCOPES } from '../../../common/auth/scopes';
import { PAGE_LIMIT } from '../../../common/paging/cursor';
import { ITEM_FIELDS, type ItemFieldKind } from '../../items/application/item-resource';
import { ITEM_PRIORITIES, ITEM_STATUS_FILTERS, type ItemPriority } from '../../items/domain/item';
import { ENTRIES_MAX, ENTRIES_MIN, ITEM_TEXT_MAX } from '../../items/domain/item-text';
import { LABELS_MAX } from '../../items/domain/item-fields';
import { EVENT_TYPES } from '../../events/domain/event';
import { MEMBER_ROLES } from '../../lists/domain/membership';
import { IDEMPOTENCY_KEY_MAX } from '../../idempotency/idempotent-request';

/**
 * The tools' input and output schemas (API.md section 11), as zod schemas the tools/list answer
 * states as JSON Schema. Inputs state types, enums and the bounds that hold before any
 * trimming (array sizes, page limits); every other rule is the routes' own validation, applied
 * by the tools (tool-calls.ts), so that its answers and limits are the API's. Outputs describe
 * the routes' `data`; they take unknown fields, as the contract lets responses gain fields.
 */

const id = z.string().describe('An opaque identifier');
const timestamp = z.string().describe('ISO 8601 UTC, with milliseconds');
const nullableTimestamp = timestamp.nullable();

const listArgument = z
  .string()
  .describe(
    'A list: its id, or else its name (trimmed, compared case-insensitively; first among your own lists, then among lists shared with you)',
  );
const limitArgument = z
  .number()
  .int()
  .min(PAGE_LIMIT.min)
  .max(PAGE_LIMIT.max)
  .optional()
  .describe(`Page size, ${PAGE_LIMIT.min}-${PAGE_LIMIT.max} (default ${PAGE_LIMIT.default})`);
const entries = (what: string) => z.array(z.string()).min(ENTRIES_MIN).max(ENTRIES_MAX).describe(what);
const itemReferences = entries(
  'Item ids of the list, or texts matched after trimming, case-insensitively (one item is never matched twice). ' +
    'Any entry matching nothing fails the whole call and nothing changes.',
);

const priorityArgument = z.enum(ITEM_PRIORITIES as [ItemPriority, ...ItemPriority[]]);
const labelsArgument = (what: string) => z.array(z.string()).max(LABELS_MAX).describe(what);
const dueArgument = z
  .strictObject({
    date: z.string().describe('YYYY-MM-DD, a real calendar date'),
    time: z.string().nullable().optional().describe('HH:MM (24 h); omitted or null: all day'),
    time_zone: z.string().nullable().optional().describe('An IANA name (Europe/Berlin); required with time, null without it'),
    recurrence: z
      .string()
      .nullable()
      .optional()
      .describe(
        'An RFC 5545 RRULE value without the "RRULE:" prefix, e.g. FREQ=WEEKLY;BYDAY=MO (FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT or UNTIL)',
      ),
    at: z.unknown().optional().describe('Ignored: computed by the service from date, time and time_zone'),
  })
  .describe('When the item is due');
const assigneeArgument = z.string().describe('The user id of the list\'s owner or a member, or "me"');

/** The fields an item may be given when it is added, beside its text. */
const itemFields = {
  notes: z.string().optional().describe('0-10,000 characters after trimming'),
  due: dueArgument.nullable().optional(),
  priority: priorityArgument.optional().describe('none (default), low, medium or high'),
  labels: labelsArgument('0-10 labels of 1-40 characters after trimming, unique case-insensitively, kept in order').optional(),
  assignee: assigneeArgument.nullable().optional(),
};
const newItem = z.union([
  z.string().describe(`The text (1-${ITEM_TEXT_MAX} characters after trimming)`),
  z
    .strictObject({ text: z.string().describe(`1-${ITEM_TEXT_MAX} characters after trimming`), ...itemFields })
    .describe('An item with fields'),
]);

/** The list filters of GET /v1/lists/:id/items and GET /v1/items, as arguments. */
const filters = {
  status: z
    .enum(ITEM_STATUS_FILTERS as [string, ...string[]])
    .optional()
    .describe('Which items: all (default), open or completed'),
  due_from: z.string().optional().describe('YYYY-MM-DD: only items due on or after this date'),
  due_to: z.string().optional().describe('YYYY-MM-DD: only items due on or before this date'),
  has_due: z.boolean().optional().describe('true: only items with a due; false: only items without one'),
  assignee: z.string().optional().describe('A user id, "me" or "none"'),
  label: z.string().optional().describe('Only items with this label (compared case-insensitively)'),
  priority: z
    .union([priorityArgument, z.array(priorityArgument).min(1)])
    .optional()
    .describe('Only items of this priority, or of any of these priorities'),
  q: z.string().optional().describe('Words: an item matches when each occurs, case-insensitively, in its text or notes'),
};
const SORTS = ['due', 'created', 'updated', 'priority'] as const;
const sortDescription =
  'due: items without a due last, then by date, all-day before timed; created: oldest first; updated: newest first; ' +
  'priority: high first; ties by position';

export const INPUTS = {
  whoami: z.strictObject({}),
  list_lists: z.strictObject({
    limit: limitArgument,
    cursor: z.string().optional().describe('The next_cursor of the previous page, passed back unchanged'),
  }),
  create_list: z.strictObject({
    name: z.string().describe('1-100 characters after trimming; unique among your lists, compared case-insensitively'),
  }),
  get_items: z.strictObject({
    list: listArgument,
    ...filters,
    sort: z
      .enum(['position', ...SORTS])
      .optional()
      .describe(`position (default): the list's order; ${sortDescription}`),
    limit: limitArgument,
    cursor: z
      .string()
      .optional()
      .describe('The next_cursor of the previous page of this list, passed back unchanged (with the same filters and sort, or none)'),
  }),
  add_items: z.strictObject({
    list: listArgument,
    items: z
      .array(newItem)
      .min(ENTRIES_MIN)
      .max(ENTRIES_MAX)
      .describe('The items to add, in order: each a text, or an object {text, notes?, due?, priority?, labels?, assignee?}'),
    idempotency_key: z
      .string()
      .optional()
      .describe(
        `1-${IDEMPOTENCY_KEY_MAX} characters of your choice: a retry with the same key and arguments within 24 hours ` +
          'returns the first answer and adds nothing again (shared with the HTTP Idempotency-Key of POST /v1/actions/add)',
      ),
  }),
  update_items: z.strictObject({
    list: listArgument,
    items: itemReferences,
    set: z
      .strictObject({
        text: z.string().optional().describe('The new text; only when one item is matched'),
        ...itemFields,
        due: dueArgument.nullable().optional().describe('The new due; null clears it'),
        assignee: assigneeArgument.nullable().optional().describe('The list\'s owner or a member (user id, or "me"); null clears it'),
        labels: labelsArgument('Replaces the labels (not with add_labels or remove_labels)').optional(),
        add_labels: labelsArgument('Labels to append, those the item lacks').optional(),
        remove_labels: labelsArgument('Labels to remove (applied before add_labels)').optional(),
      })
      .describe('The fields to change on every matched item; the others stay as they are'),
  }),
  move_items: z.strictObject({
    list: listArgument,
    items: itemReferences,
    to_list: listArgument.optional().describe('Another list you can write to (its id, or else its name); default: the same list'),
    before: z.string().optional().describe('Put the items just before this item of the target list (its id or text)'),
    after: z.string().optional().describe('Put the items just after this item of the target list (its id or text)'),
    to: z.enum(['top', 'bottom']).optional().describe('The top or the bottom (default) of the target list'),
  }),
  find_items: z.strictObject({
    ...filters,
    list: listArgument.optional().describe('Only the items of this list (its id, or else its name); default: every list you can see'),
    sort: z.enum(SORTS).optional().describe(`due (default): ${sortDescription}`),
    limit: limitArgument,
    cursor: z
      .string()
      .optional()
      .describe('The next_cursor of the previous page, passed back unchanged (with the same filters and sort, or none)'),
  }),
  complete_items: z.strictObject({ list: listArgument, items: itemReferences }),
  reopen_items: z.strictObject({ list: listArgument, items: itemReferences }),
  remove_items: z.strictObject({ list: listArgument, items: itemReferences }),
  invite_member: z.strictObject({
    list: listArgument,
    email: z.string().describe('The invitee; need not have an account yet'),
    role: z.enum(MEMBER_ROLES as [string, ...string[]]).describe('The role the invitee joins with'),
  }),
  get_changes: z.strictObject({
    after: z
      .string()
      .optional()
      .describe(
        'The next_cursor of the previous call, or "now" for an empty page marking the present; omitted: from the oldest kept event',
      ),
    list: listArgument.optional().describe('Only the events of this list (its id, or else its name)'),
    limit: limitArgument,
  }),
} as const;

const userRef = z.looseObject({ id, username: z.string(), name: z.string() });
const listRef = z.looseObject({ id, name: z.string() });
const count = z.number().int().min(0);

const list = z.looseObject({
  id,
  name: z.string(),
  owner: userRef,
  role: z.enum(['owner', 'editor', 'viewer']),
  item_count: count,
  open_item_count: count,
  created_at: timestamp,
  updated_at: timestamp,
});

/** An item's due (API.md section 13), as answers show it. */
const due = z.looseObject({
  date: z.string().describe('YYYY-MM-DD'),
  time: z.string().nullable().describe('HH:MM (24 h), null for all day'),
  time_zone: z.string().nullable().describe('IANA time zone, with time'),
  recurrence: z.string().nullable().describe('An RFC 5545 RRULE value'),
  at: nullableTimestamp.describe('The instant of date and time in time_zone; null for all day'),
});

/** Each kind of an Item field as a schema (ITEM_FIELDS, the item's one definition, gives the fields). */
const itemFieldSchema = (kind: ItemFieldKind): z.ZodType => {
  switch (kind) {
    case 'uuid':
      return id;
    case 'uuid?':
      return id.nullable();
    case 'text':
      return z.string();
    case 'boolean':
      return z.boolean();
    case 'integer':
      return z.number().int();
    case 'integer?':
      return z.number().int().nullable();
    case 'instant':
      return timestamp;
    case 'instant?':
      return nullableTimestamp;
    case 'due?':
      return due.nullable();
    case 'priority':
      return z.enum(ITEM_PRIORITIES as [ItemPriority, ...ItemPriority[]]);
    case 'labels':
      return z.array(z.string());
    case 'assignee?':
      return userRef.nullable();
    default:
      throw new Error(`no schema for the item field kind ${String(kind satisfies never)}`);
  }
};

const item = z.looseObject(Object.fromEntries(ITEM_FIELDS.map((field) => [field.name, itemFieldSchema(field.kind)])));

const invitation = z.looseObject({
  id,
  list: listRef,
  invitee: z.looseObject({ email: z.string() }),
  inviter: userRef,
  role: z.enum(MEMBER_ROLES as [string, ...string[]]),
  status: z.enum(['pending', 'accepted', 'declined', 'revoked', 'expired']),
  created_at: timestamp,
  expires_at: timestamp,
  responded_at: nullableTimestamp,
});

const event = z.looseObject({
  id,
  type: z.enum(EVENT_TYPES as unknown as [string, ...string[]]),
  created_at: timestamp,
  list: listRef,
  actor: userRef,
  data: z.looseObject({}).describe('The changed resource: {list}, {item}, {member} or {invitation}'),
  livemode: z.boolean().describe('false for an event of test mode (an sk_test_ key)'),
});

const scopes = z.array(z.enum(SCOPES));
const itemsOfList = z.looseObject({ list: listRef, items: z.array(item) });
const nextCursor = z.string().nullable().describe('null exactly when nothing follows');

export const OUTPUTS = {
  whoami: z.looseObject({
    id,
    email: z.string(),
    name: z.string(),
    username: z.string(),
    email_verified: z.boolean(),
    scopes,
    key: z.looseObject({
      id,
      label: z.string(),
      mode: z.string(),
      scopes,
      list_ids: z.array(id).nullable(),
      expires_at: nullableTimestamp,
      allowed_ips: z.array(z.string()).nullable(),
    }),
  }),
  list_lists: z.looseObject({ lists: z.array(list), next_cursor: nextCursor }),
  create_list: z.looseObject({ list }),
  get_items: z.looseObject({ list: listRef, items: z.array(item), next_cursor: nextCursor }),
  add_items: itemsOfList,
  update_items: itemsOfList,
  move_items: itemsOfList,
  find_items: z.looseObject({
    items: z.array(item),
    lists: z.array(listRef).describe('Each list an item of the page belongs to'),
    next_cursor: nextCursor,
  }),
  complete_items: itemsOfList,
  reopen_items: itemsOfList,
  remove_items: itemsOfList,
  invite_member: z.looseObject({ invitation }),
  get_changes: z.looseObject({
    events: z.array(event),
    next_cursor: z.string().describe('Never null: pass it as `after` to receive only newer events'),
  }),
} as const;

export type ToolName = keyof typeof INPUTS;
export type ToolInput<T extends ToolName> = z.output<(typeof INPUTS)[T]>;
export type ToolOutput<T extends ToolName> = z.output<(typeof OUTPUTS)[T]>;
