import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NamedStatement } from '../../../../common/persistence/named-statement';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import { addedItem, ITEM_PRIORITIES, type Item, type ItemAssignee, type NewItem } from '../../domain/item';
import { labelKey } from '../../domain/item-fields';
import { userRefJsonSql } from '../../../auth/persistence/user-ref.sql';
import type { CandidateQuery } from '../../domain/item-matching';
import { AddOutcome, AddRequest, Advance, ItemRepository, ItemsMove } from '../../domain/item.repository';
import type { ItemEdit, Placement } from '../../domain/item-edits';
import { AccessibleList, canWriteItems, LIST_CANDIDATES } from '../../../lists/domain/list-access';
import { BEST_MATCH_FIRST, MIGHT_MEAN_WHERE, viewerParameters, visibleListsSql } from '../../../../common/persistence/list-visibility-sql';
import { foldKey } from '../../../../common/text/fold-key';
import { newEventId } from '../../../events/persistence/event-id';
import { recordAddedItemsSql, recordItemEventsSql } from '../../../events/persistence/events.sql';
import { pickedListCte } from '../../../lists/persistence/list-pick.sql';
import { itemsWrittenListCte, listAdmitsSql, outsidersOfListSql } from '../../../lists/persistence/list-rows.sql';
import { ITEM_COLUMNS, type ItemRow, toItem } from './item-row';
import { addedPositionSql } from '../../persistence/position.sql';

/**
 * The parameters of an add statement after the ones that pick the list, by name, so that
 * both statements below share one text for the write (addStatement).
 */
interface AddWriteParameters {
  count: string;
  /** The add's instant: every item's created_at, the list's updated_at, the event's time. */
  at: string;
  max: string;
  ids: string;
  texts: string;
  keys: string;
  /** The caller's account ($1, the viewer's): every item's created_by and the events' actor. */
  actor: string;
  eventId: string;
}

/**
 * The parameters of an add that sets fields besides the text (object entries of API.md section
 * 13), each an array in request order: the items' notes and their foldKeys (what `q` compares),
 * their dues' columns, priorities (the smallint the store keeps), labels and their keys (each
 * item's as a JSON array, since the items' labels vary in number), assignee ids, and the
 * distinct assignees the list must admit.
 */
interface AddFieldParameters {
  notes: string;
  notesKeys: string;
  dueDates: string;
  dueTimes: string;
  dueTimeZones: string;
  dueRecurrences: string;
  dueAts: string;
  dueSeriesStarts: string;
  priorities: string;
  labels: string;
  labelKeys: string;
  assigneeIds: string;
  assignees: string;
}

/** The parameters $from, $from+1, … of AddFieldParameters, in its order. */
const fieldParameters = (from: number): AddFieldParameters => {
  const names: Array<keyof AddFieldParameters> = [
    'notes',
    'notesKeys',
    'dueDates',
    'dueTimes',
    'dueTimeZones',
    'dueRecurrences',
    'dueAts',
    'dueSeriesStarts',
    'priorities',
    'labels',
    'labelKeys',
    'assigneeIds',
    'assignees',
  ];
  return Object.fromEntries(names.map((name, index) => [name, `$${from + index}`])) as unknown as AddFieldParameters;
};

/**
 * Items in PostgreSQL, written with plain SQL because each write is one statement that
 * also keeps the list's counters exact and records the write's events. The statement writes
 * three modules' tables (items; lists' counters; events and event_audience), each through
 * its owner's SQL fragment (ADR 0011): the list's row through the lists module's
 * itemsWrittenListCte (the counters must change in the same statement as the items, or
 * concurrent requests could make them drift and the 10,000-item limit could be overshot; the
 * same UPDATE moves the list's version, which keeps the page cache honest), the events through
 * the events module's recordItemEventsSql and recordAddedItemsSql (an item write and its
 * events are one statement, so neither can exist without the other and recording costs no
 * round trip). This file writes the items table alone.
 * Every statement goes through managerOf, so it joins a surrounding unit of work (an
 * Idempotency-Key transaction, or complete/reopen/remove's own).
 *
 * The add's events are one events row (migration 1763801000000-event-batches.ts) that holds
 * the statement's own parameters (the items' ids and texts, the add's time and author) beside
 * the list's name and the actor, read from the locked list row and the users table: building
 * each event's JSON in the statement, with one events row and audience row per item, costs
 * about a quarter of an add of 20 items' throughput (docs/performance.md). The events depend
 * on `list` only: when the limit (or the list) says no, it is empty and nothing is recorded;
 * when it says yes every item is inserted, or the statement fails as a whole.
 *
 * The arrays are read through `(SELECT $n)` so that the planner cannot see their length: it
 * then costs an add of 1 item as it costs the generic plan, and keeps that plan after five
 * executions. Seen as constants, a 1-item add looks cheaper planned afresh, and PostgreSQL
 * would plan this statement again on every call (about 200 µs of PostgreSQL CPU per add of 1
 * item, docs/performance.md).
 *
 * An add statement: `pick` are CTEs ending in `candidates` (id, name, role, rank) and
 * `picked` (id, role), the list the add means; the rest writes to it and answers the
 * candidates beside the inserted items.
 */
const addStatement = (name: string, pick: string, p: AddWriteParameters, f?: AddFieldParameters): NamedStatement =>
  new NamedStatement(
    name,
    `WITH ${pick},
       ${itemsWrittenListCte({
         listId: "(SELECT id FROM picked WHERE role IN ('owner', 'editor'))",
         items: p.count,
         openItems: p.count,
         at: p.at,
         when: `item_count + ${p.count} <= ${p.max}${f ? ` AND ${listAdmitsSql(`${f.assignees}::uuid[]`)}` : ''}`,
       })},
       added AS (
         INSERT INTO items (id, list_id, text, text_key, created_at, created_by, updated_at, seq, position${
           f
             ? ', notes, notes_key, due_date, due_time, due_time_zone, due_recurrence, due_at, due_series_start, priority, labels, label_keys, assignee_id'
             : ''
         })
         OVERRIDING SYSTEM VALUE
         SELECT n.id, list.id, n.text, n.text_key, ${p.at}, ${p.actor}::uuid, ${p.at}, n.seq, ${addedPositionSql('n.seq')}${
           f
             ? `, n.notes, n.notes_key, n.due_date, n.due_time, n.due_time_zone, n.due_recurrence, n.due_at, n.due_series_start, n.priority,
                  ARRAY(SELECT json_array_elements_text(n.labels)), ARRAY(SELECT json_array_elements_text(n.label_keys)), n.assignee_id`
             : ''
         }
           FROM list,
                (SELECT u.*, nextval('items_seq_seq') AS seq
                   FROM unnest((SELECT ${p.ids}::uuid[]), (SELECT ${p.texts}::text[]), (SELECT ${p.keys}::text[])${
                     f
                       ? `, ${f.notes}::text[], ${f.notesKeys}::text[], ${f.dueDates}::date[], ${f.dueTimes}::text[], ${f.dueTimeZones}::text[], ${f.dueRecurrences}::text[],
                          ${f.dueAts}::timestamptz[], ${f.dueSeriesStarts}::date[], ${f.priorities}::smallint[], ${f.labels}::json[],
                          ${f.labelKeys}::json[], ${f.assigneeIds}::uuid[]`
                       : ''
                   })
                          WITH ORDINALITY AS u(id, text, text_key${
                            f
                              ? ', notes, notes_key, due_date, due_time, due_time_zone, due_recurrence, due_at, due_series_start, priority, labels, label_keys, assignee_id'
                              : ''
                          }, ord)) n
          ORDER BY n.ord
         RETURNING ${f ? '*' : 'id, seq, position, NULL::uuid AS assignee_id'}
       ),
       ${
         f
           ? recordItemEventsSql({
               rows: 'added',
               ids: `${p.ids}::uuid[]`,
               type: "'item.added'",
               at: p.at,
               actor: `${p.actor}::uuid`,
               eventId: p.eventId,
             })
           : recordAddedItemsSql({
               eventId: p.eventId,
               at: p.at,
               actor: `${p.actor}::uuid`,
               items: {
                 id: `${p.ids}::uuid[]`,
                 text: `${p.texts}::text[]`,
                 created_at: `array_fill(${p.at}::timestamptz, ARRAY[${p.count}::integer])`,
                 created_by: `array_fill(${p.actor}::uuid, ARRAY[${p.count}::integer])`,
                 position: '(SELECT array_agg(a.position ORDER BY a.seq) FROM added a)',
               },
             })
       }
   SELECT c.id AS candidate_id, c.name AS candidate_name, c.role AS candidate_role, c.rank AS candidate_rank,
          c.id IN (SELECT id FROM picked) AS picked,
          NULL::uuid AS id, NULL::bigint AS seq, NULL::json AS assignee
     FROM candidates c
   UNION ALL
   SELECT NULL, NULL, NULL, NULL, NULL, a.id, a.seq, ${f ? userRefJsonSql('a.assignee_id') : 'NULL::json'} FROM added a`,
  );

/**
 * An add by any reference: $1 and $2 the viewer (viewerParameters), $3 the id it names or
 * null, $4 its name's foldKey, $5 LIST_CANDIDATES.
 */
const ADD_TO_LIST_PICK = `candidates AS MATERIALIZED (
         SELECT v.id, v.name, v.role,
                row_number() OVER (ORDER BY ${BEST_MATCH_FIRST})::integer AS rank
           FROM (${visibleListsSql('l.id, l.name, l.created_at', MIGHT_MEAN_WHERE)}) v
          ORDER BY rank
          LIMIT $5
       ),
       ${pickedListCte('candidates', '$3::uuid')}`;
const ADD_TO_LIST = addStatement('items_add_to_list', ADD_TO_LIST_PICK, {
  count: '$6',
  at: '$7',
  max: '$8',
  ids: '$9',
  texts: '$10',
  keys: '$11',
  actor: '$1',
  eventId: '$12',
});

/**
 * An add whose reference is the id of a list the viewer can see ($1 and $2 the viewer, $3 the id):
 * that list is the pick whatever other lists are named (BEST_MATCH_FIRST: the id match comes
 * first and is always taken), so the statement reads that list alone, through the primary key
 * and the member's key, rather than every list the reference might mean. When it finds none,
 * addToList asks ADD_TO_LIST, and nothing was written. It saves about 45 µs of PostgreSQL per
 * add (docs/performance.md): the lists a name might mean cannot be found through one key.
 */
const ADD_TO_LIST_BY_ID_PICK = `candidates AS MATERIALIZED (
         SELECT v.id, v.name, v.role, 1 AS rank FROM (${visibleListsSql('l.id, l.name', 'l.id = $3::uuid')}) v LIMIT 1
       ),
       picked AS (SELECT c.id, c.role FROM candidates c)`;
const ADD_TO_LIST_BY_ID = addStatement('items_add_to_list_by_id', ADD_TO_LIST_BY_ID_PICK, {
  count: '$4',
  at: '$5',
  max: '$6',
  ids: '$7',
  texts: '$8',
  keys: '$9',
  actor: '$1',
  eventId: '$10',
});

/**
 * The two add statements for an add whose entries set fields besides the text: the same reads
 * and writes, with the fields' columns, the list's admission of the assignees in the UPDATE's
 * condition (listAdmitsSql: under the list's lock, so a member removed meanwhile cannot be
 * assigned), and the events recorded from the inserted rows (every field as stored). Kept
 * apart so that an add of texts alone keeps its leaner statement.
 */
const ADD_FIELDS_TO_LIST = addStatement(
  'items_add_fields_to_list',
  ADD_TO_LIST_PICK,
  { count: '$6', at: '$7', max: '$8', ids: '$9', texts: '$10', keys: '$11', actor: '$1', eventId: '$12' },
  fieldParameters(13),
);
const ADD_FIELDS_TO_LIST_BY_ID = addStatement(
  'items_add_fields_to_list_by_id',
  ADD_TO_LIST_BY_ID_PICK,
  { count: '$4', at: '$5', max: '$6', ids: '$7', texts: '$8', keys: '$9', actor: '$1', eventId: '$10' },
  fieldParameters(11),
);

type AddRow =
  | { candidate_id: string; candidate_name: string; candidate_role: AccessibleList['role']; candidate_rank: number; picked: boolean }
  /** An inserted item: its id, the seq the identity gave it (int8, as text) and its assignee as the users table names them. */
  | { candidate_id: null; id: string; seq: string; assignee: ItemAssignee | null };

/** The counters move by what the UPDATE really changed, so a no-op changes nothing and records nothing. */
const SET_COMPLETION = new NamedStatement(
  'items_set_completion',
  `WITH changed AS (
         UPDATE items
            SET completed = $3::boolean,
                completed_at = CASE WHEN $3::boolean THEN $4::timestamptz END,
                completed_by = CASE WHEN $3::boolean THEN $5::uuid END,
                updated_at = $4::timestamptz,
                version = version + 1
          WHERE list_id = $1 AND id = ANY($2::uuid[]) AND completed <> $3::boolean
         RETURNING *
       ),
       ${itemsWrittenListCte({
         listId: '$1',
         openItems: '(CASE WHEN $3::boolean THEN -1 ELSE 1 END) * (SELECT count(*) FROM changed)',
         at: '$4::timestamptz',
         when: 'EXISTS (SELECT 1 FROM changed)',
       })},
       ${recordItemEventsSql({
         rows: 'changed',
         ids: '$2::uuid[]',
         type: "(CASE WHEN $3::boolean THEN 'item.completed' ELSE 'item.reopened' END)",
         at: '$4::timestamptz',
         actor: '$5::uuid',
         eventId: '$6::text',
       })}
   SELECT count(*)::integer AS changed FROM changed`,
);

/** Each removed item's event shows it as it was just before. */
const REMOVE_ALL = new NamedStatement(
  'items_remove_all',
  `WITH gone AS (
         DELETE FROM items WHERE list_id = $1 AND id = ANY($2::uuid[]) RETURNING *
       ),
       ${itemsWrittenListCte({
         listId: '$1',
         items: '-(SELECT count(*) FROM gone)',
         openItems: '-(SELECT count(*) FROM gone WHERE NOT completed)',
         at: '$3',
         when: 'EXISTS (SELECT 1 FROM gone)',
       })},
       ${recordItemEventsSql({
         rows: 'gone',
         ids: '$2::uuid[]',
         type: "'item.removed'",
         at: '$3::timestamptz',
         actor: '$4::uuid',
         eventId: '$5::text',
       })}
   SELECT count(*)::integer AS removed FROM gone`,
);

/** Whether an item of an add sets a field besides its text (then the add takes the statements with fields). */
const setsFields = (item: NewItem): boolean =>
  item.notes !== undefined ||
  item.due !== undefined ||
  item.priority !== undefined ||
  item.labels !== undefined ||
  item.assigneeId !== undefined;

/** The values of AddFieldParameters for these items, in its order (defaults for what an item leaves out). */
function fieldValues(items: readonly NewItem[]): unknown[] {
  const assignees = [...new Set(items.flatMap((item) => (item.assigneeId ? [item.assigneeId] : [])))];
  return [
    items.map((item) => item.notes ?? ''),
    items.map((item) => foldKey(item.notes ?? '')),
    items.map((item) => item.due?.date ?? null),
    items.map((item) => item.due?.time ?? null),
    items.map((item) => item.due?.timeZone ?? null),
    items.map((item) => item.due?.recurrence ?? null),
    items.map((item) => item.due?.at ?? null),
    items.map((item) => item.due?.seriesStart ?? null),
    items.map((item) => ITEM_PRIORITIES.indexOf(item.priority ?? 'none')),
    items.map((item) => JSON.stringify(item.labels ?? [])),
    items.map((item) => JSON.stringify((item.labels ?? []).map(labelKey))),
    items.map((item) => item.assigneeId ?? null),
    assignees,
  ];
}
/**
 * The edits of one statement, one JSON object per item (saveEdits): `set_<field>` tells
 * whether the edit changes that field, beside its new value, so one statement text serves every
 * combination of fields.
 */
const EDIT_COLUMNS = `id uuid,
  set_text boolean, text text, text_key text,
  set_notes boolean, notes text, notes_key text,
  set_due boolean, due_date date, due_time text, due_time_zone text, due_recurrence text, due_at timestamptz, due_series_start date,
  set_priority boolean, priority smallint,
  set_labels boolean, labels text[], label_keys text[],
  set_assignee boolean, assignee_id uuid`;

const keep = (field: string, columns: string[]) =>
  columns.map((column) => `${column} = CASE WHEN e.set_${field} THEN e.${column} ELSE i.${column} END`).join(',\n                ');

/**
 * Edits of items of list $1 ($2, EDIT_COLUMNS' records; $3 the instant): each changed field,
 * the version moved by one, updated_at; the list's row through itemsWrittenListCte (its
 * updated_at and version: the page cache's key). No event: the service records item.updated
 * once the items are read back.
 */
const SAVE_EDITS = new NamedStatement(
  'items_save_edits',
  `WITH e AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS e(${EDIT_COLUMNS})),
       changed AS (
         UPDATE items i
            SET ${keep('text', ['text', 'text_key'])},
                ${keep('notes', ['notes', 'notes_key'])},
                ${keep('due', ['due_date', 'due_time', 'due_time_zone', 'due_recurrence', 'due_at', 'due_series_start'])},
                ${keep('priority', ['priority'])},
                ${keep('labels', ['labels', 'label_keys'])},
                ${keep('assignee', ['assignee_id'])},
                version = i.version + 1,
                updated_at = $3::timestamptz
           FROM e
          WHERE i.list_id = $1 AND i.id = e.id
         RETURNING i.id
       ),
       ${itemsWrittenListCte({ listId: '$1', openItems: '0', at: '$3::timestamptz', when: 'EXISTS (SELECT 1 FROM changed)' })}
   SELECT count(*)::integer AS changed FROM changed`,
);

/**
 * Reopens the recurring items $2 of list $1 that setCompletion just completed, each at its next
 * occurrence ($3-$8: the due's columns, in $2's order), at $9. Only completed items change, and
 * the list's open count moves back up by the items that did (itemsWrittenListCte).
 */
const ADVANCE_OCCURRENCES = new NamedStatement(
  'items_advance_occurrences',
  `WITH a AS (
         SELECT * FROM unnest($2::uuid[], $3::date[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::date[])
           AS a(id, due_date, due_time, due_time_zone, due_recurrence, due_at, due_series_start)
       ),
       advanced AS (
         UPDATE items i
            SET completed = false,
                completed_at = NULL,
                completed_by = NULL,
                due_date = a.due_date,
                due_time = a.due_time,
                due_time_zone = a.due_time_zone,
                due_recurrence = a.due_recurrence,
                due_at = a.due_at,
                due_series_start = a.due_series_start,
                version = i.version + 1,
                updated_at = $9::timestamptz
           FROM a
          WHERE i.list_id = $1 AND i.id = a.id AND i.completed
         RETURNING i.id
       ),
       ${itemsWrittenListCte({
         listId: '$1',
         openItems: '(SELECT count(*) FROM advanced)',
         at: '$9::timestamptz',
         when: 'EXISTS (SELECT 1 FROM advanced)',
       })}
   SELECT count(*)::integer AS advanced FROM advanced`,
);

/** A move's items, as the CTE `m`: $2 their ids, $3 their new positions, $4 whether to clear each one's assignee. */
const MOVE_ITEMS_CTE = 'm AS (SELECT * FROM unnest($2::uuid[], $3::text[], $4::boolean[]) AS m(id, position, clear))';

/**
 * A move's UPDATE of the items, as the CTE `moved`: each item of list $1 in `m` takes its new
 * position, loses its assignee where `m` says so, and moves its version and updated_at ($5).
 * With `into`, the CTE of the list row the items move to, they take its id and answer whether
 * they are completed besides their id (the source's open count moves by those that are not).
 */
const movedItemsCte = ({ into }: { into?: string } = {}): string => {
  const set = [
    ...(into ? [`list_id = ${into}.id`] : []),
    'position = m.position',
    'assignee_id = CASE WHEN m.clear THEN NULL ELSE i.assignee_id END',
    'version = i.version + 1',
    'updated_at = $5::timestamptz',
  ];
  return `moved AS (
         UPDATE items i
            SET ${set.join(',\n                ')}
           FROM m${into ? `, ${into}` : ''}
          WHERE i.list_id = $1 AND i.id = m.id
         RETURNING i.id${into ? ', i.completed' : ''}
       )`;
};

/**
 * A move within list $1: $2 the items, $3 their new positions, $4 whether to clear each one's
 * assignee, $5 the instant. The list's row through itemsWrittenListCte.
 */
const MOVE_WITHIN = new NamedStatement(
  'items_move_within',
  `WITH ${MOVE_ITEMS_CTE},
       ${movedItemsCte()},
       ${itemsWrittenListCte({ listId: '$1', openItems: '0', at: '$5::timestamptz', when: 'EXISTS (SELECT 1 FROM moved)' })}
   SELECT count(*)::integer AS moved FROM moved`,
);

/**
 * A move from list $1 to list $6 ($2-$5 as in MOVE_WITHIN, $7 the most items a list holds):
 * the target's row first (its counters, with the limit as its condition), and the items move
 * only when it was updated (they read its CTE), then the source's row by what really moved.
 * Both rows move their updated_at, events' order key and version (itemsWrittenListCte).
 */
const MOVE_ACROSS = new NamedStatement(
  'items_move_across',
  `WITH ${MOVE_ITEMS_CTE},
       ${itemsWrittenListCte({
         name: 'target',
         listId: '$6',
         items: 'cardinality($2::uuid[])',
         openItems: '(SELECT count(*) FROM items WHERE list_id = $1 AND id = ANY($2::uuid[]) AND NOT completed)',
         at: '$5::timestamptz',
         when: 'item_count + cardinality($2::uuid[]) <= $7',
       })},
       ${movedItemsCte({ into: 'target' })},
       ${itemsWrittenListCte({
         name: 'source',
         listId: '$1',
         items: '-(SELECT count(*) FROM moved)',
         openItems: '-(SELECT count(*) FROM moved WHERE NOT completed)',
         at: '$5::timestamptz',
         when: 'EXISTS (SELECT 1 FROM moved)',
       })}
   SELECT count(*)::integer AS moved FROM moved`,
);

@Injectable()
export class TypeOrmItemRepository extends ItemRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private query<T>(sql: string, parameters: unknown[]): Promise<T[]> {
    return managerOf(this.dataSource).query(sql, parameters);
  }

  /**
   * One statement: the lists the reference may mean and the one picked among them (the lists
   * module's pickedListCte, the rule of ListAccess's pickList in SQL: the first in the stores'
   * order when it is the id match, the caller's own, or the only one), then, for an owner or editor, the conditional UPDATE
   * of the list takes its row lock, checks the limit against the current count and moves both
   * counters; the INSERT below it feeds on its result, so when the role, the limit (or the
   * list) says no, nothing is inserted. Concurrent adds queue on the row lock and each
   * re-checks the limit against the count its predecessor committed. The rows are fed in
   * request order, which is the order the identity hands out `seq`. The candidates come back
   * beside the items (UNION ALL), so a refusal needs no second look at the lists, except to
   * tell a list deleted meanwhile from a full one.
   */
  async addToList({ viewer, reference, items, maxPerList, at }: AddRequest): Promise<AddOutcome> {
    const userId = viewer.userId;
    const write = [
      items.length,
      at,
      maxPerList,
      items.map((item) => item.id),
      items.map((item) => item.text),
      items.map((item) => foldKey(item.text)),
    ];
    const eventId = newEventId();
    const who = viewerParameters(viewer);
    const fields = items.some(setsFields) ? fieldValues(items) : null;
    const [byId, byReference] = fields ? [ADD_FIELDS_TO_LIST_BY_ID, ADD_FIELDS_TO_LIST] : [ADD_TO_LIST_BY_ID, ADD_TO_LIST];
    const extra = fields ?? [];
    let rows: AddRow[] =
      reference.id === null ? [] : await byId.run<AddRow>(this.dataSource, [...who, reference.id, ...write, eventId, ...extra]);
    // No list of that id for the caller (nothing was written): the reference may still be a name.
    if (rows.length === 0) {
      rows = await byReference.run<AddRow>(this.dataSource, [
        ...who,
        reference.id,
        foldKey(reference.name),
        LIST_CANDIDATES,
        ...write,
        eventId,
        ...extra,
      ]);
    }
    const candidates: Array<AccessibleList & { picked: boolean; rank: number }> = [];
    // Identity values stay far below 2^53, so a number is exact.
    const added = new Map<string, { seq: number; assignee: ItemAssignee | null }>();
    for (const row of rows) {
      if (row.candidate_id === null) added.set(row.id, { seq: Number(row.seq), assignee: row.assignee });
      else
        candidates.push({
          id: row.candidate_id,
          name: row.candidate_name,
          role: row.candidate_role,
          picked: row.picked,
          rank: row.candidate_rank,
        });
    }
    // UNION ALL promises no order: the candidates' rank is theirs.
    candidates.sort((a, b) => a.rank - b.rank);
    const picked = candidates.find((c) => c.picked);
    if (!picked) return { ok: false, reason: 'unresolved', candidates: candidates.map(({ id, name, role }) => ({ id, name, role })) };
    const list = { id: picked.id, name: picked.name, role: picked.role };
    // The rows hold what was sent, and a new item is open: only its position comes back.
    if (added.size > 0) {
      return {
        ok: true,
        list,
        items: items.map((item) => {
          const { seq, assignee } = added.get(item.id)!;
          return addedItem(item, list.id, userId, at, seq, assignee);
        }),
      };
    }
    if (!canWriteItems(list.role)) return { ok: false, reason: 'viewer', list };
    // Only on failure: a second look tells a deleted list from a full one, or from one that does not admit an assignee.
    const assignees = fields ? (fields.at(-1) as string[]) : [];
    const [row] = await this.query<{ id: string; outsiders: string[] }>(
      `SELECT id, ${outsidersOfListSql('id', '$2::uuid[]')} AS outsiders FROM lists WHERE id = $1`,
      [list.id, assignees],
    );
    if (!row) return { ok: false, reason: 'list_missing', list };
    if (row.outsiders.length > 0) return { ok: false, reason: 'not_assignable', list, userId: row.outsiders[0] };
    return { ok: false, reason: 'limit_reached', list };
  }

  /** FOR NO KEY UPDATE: queues behind other item writes and a deletion of the list, not behind item inserts' FK checks. */
  async lockList(listId: string): Promise<boolean> {
    const rows = await this.query('SELECT 1 FROM lists WHERE id = $1 FOR NO KEY UPDATE', [listId]);
    return rows.length > 0;
  }

  async findCandidates(listId: string, query: CandidateQuery): Promise<Item[]> {
    const rows = await this.query<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM items
        WHERE list_id = $1 AND (id = ANY($2::uuid[]) OR text_key = ANY($3::text[]))
        ORDER BY seq`,
      [listId, query.ids, query.keys],
    );
    return rows.map(toItem);
  }

  async setCompletion(listId: string, itemIds: readonly string[], completed: boolean, by: string, at: Date): Promise<void> {
    await SET_COMPLETION.run(this.dataSource, [listId, itemIds, completed, at, by, newEventId()]);
  }

  async removeAll(listId: string, itemIds: readonly string[], at: Date, by: string): Promise<void> {
    await REMOVE_ALL.run(this.dataSource, [listId, itemIds, at, by, newEventId()]);
  }

  async saveEdits(listId: string, edits: readonly ItemEdit[], at: Date): Promise<void> {
    const rows = edits.filter((edit) => edit.changes.length > 0).map(editRecord);
    if (rows.length === 0) return;
    await SAVE_EDITS.run(this.dataSource, [listId, JSON.stringify(rows), at]);
  }

  async advanceOccurrences(listId: string, advances: readonly Advance[], at: Date): Promise<void> {
    if (advances.length === 0) return;
    const dues = advances.map((advance) => advance.due);
    await ADVANCE_OCCURRENCES.run(this.dataSource, [
      listId,
      advances.map((advance) => advance.id),
      dues.map((due) => due.date),
      dues.map((due) => due.time),
      dues.map((due) => due.timeZone),
      dues.map((due) => due.recurrence),
      dues.map((due) => due.at),
      dues.map((due) => due.seriesStart),
      at,
    ]);
  }

  async findAssignedTo(listId: string, userId: string): Promise<Item[]> {
    const rows = await this.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items WHERE list_id = $1 AND assignee_id = $2 ORDER BY seq`, [
      listId,
      userId,
    ]);
    return rows.map(toItem);
  }

  async gapAt(listId: string, placement: Placement, moving: readonly string[]): Promise<{ lower: string | null; upper: string | null }> {
    const others = `list_id = $1 AND NOT (id = ANY($2::uuid[]))`;
    const anchor = `(SELECT position FROM items WHERE list_id = $1 AND id = $3::uuid)`;
    const sql =
      'to' in placement
        ? placement.to === 'top'
          ? `SELECT NULL::text AS lower, (SELECT min(position) FROM items WHERE ${others}) AS upper`
          : `SELECT (SELECT max(position) FROM items WHERE ${others}) AS lower, NULL::text AS upper`
        : 'before' in placement
          ? `SELECT (SELECT max(position) FROM items WHERE ${others} AND position < ${anchor}) AS lower, ${anchor} AS upper`
          : `SELECT ${anchor} AS lower, (SELECT min(position) FROM items WHERE ${others} AND position > ${anchor}) AS upper`;
    const anchorId = 'before' in placement ? placement.before : 'after' in placement ? placement.after : null;
    const [row] = await this.query<{ lower: string | null; upper: string | null }>(
      sql,
      anchorId === null ? [listId, moving] : [listId, moving, anchorId],
    );
    return { lower: row.lower, upper: row.upper };
  }

  async moveItems({ from, to, moves, at, maxPerList }: ItemsMove): Promise<boolean> {
    const ids = moves.map((move) => move.id);
    const positions = moves.map((move) => move.position);
    const clear = moves.map((move) => move.clearAssignee);
    if (from === to) {
      await MOVE_WITHIN.run(this.dataSource, [from, ids, positions, clear, at]);
      return true;
    }
    const [row] = await MOVE_ACROSS.run<{ moved: number }>(this.dataSource, [from, ids, positions, clear, at, to, maxPerList]);
    return row.moved > 0;
  }
}

/** The case-folded keys of labels, for the label filter. */
const labelKeys = (labels: readonly string[]): string[] => labels.map(labelKey);

/** An edit as one record of EDIT_COLUMNS: each field the edit changes, flagged, in the columns that hold it. */
function editRecord({ id, set }: ItemEdit): Record<string, unknown> {
  const record: Record<string, unknown> = { id };
  if (set.text !== undefined) Object.assign(record, { set_text: true, text: set.text, text_key: foldKey(set.text) });
  if (set.notes !== undefined) Object.assign(record, { set_notes: true, notes: set.notes, notes_key: foldKey(set.notes) });
  if (set.due !== undefined) {
    const due = set.due;
    Object.assign(record, {
      set_due: true,
      due_date: due?.date ?? null,
      due_time: due?.time ?? null,
      due_time_zone: due?.timeZone ?? null,
      due_recurrence: due?.recurrence ?? null,
      due_at: due?.at ?? null,
      due_series_start: due?.seriesStart ?? null,
    });
  }
  if (set.priority !== undefined) Object.assign(record, { set_priority: true, priority: ITEM_PRIORITIES.indexOf(set.priority) });
  if (set.labels !== undefined) Object.assign(record, { set_labels: true, labels: set.labels, label_keys: labelKeys(set.labels) });
  if (set.assigneeId !== undefined) Object.assign(record, { set_assignee: true, assignee_id: set.assigneeId });
  return record;
}
