import { isoSql } from '../../../common/persistence/iso-sql';
import { userRefJsonSql, userRefJsonTextSql } from '../../auth/persistence/user-ref.sql';
import { ITEM_FIELDS, type ItemField, type ItemFieldKind } from '../application/item-resource';
import { ITEM_PRIORITIES } from '../domain/item';

/** A text as an SQL string literal. */
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** A due's columns (the kind `due?`) of the row `t`, by the field's column prefix. */
const dueColumns = (t: string, field: ItemField) => {
  const c = `${t}.${field.column}`;
  return { date: `${c}_date`, time: `${c}_time`, timeZone: `${c}_time_zone`, recurrence: `${c}_recurrence`, at: `${c}_at` };
};

/** A text column as JSON text, null as `null`. */
const nullableText = (column: string) => `COALESCE(to_json(${column})::text, 'null')`;

/** A priority's smallint (`value`) as the JSON text of its name. */
const priorityText = (value: string) =>
  `CASE ${value} ${ITEM_PRIORITIES.map((name, index) => `WHEN ${index} THEN ${literal(JSON.stringify(name))}`).join(' ')} END`;

/** A priority's smallint (`value`) as its name, a text. */
const priorityName = (value: string) =>
  `CASE ${value} ${ITEM_PRIORITIES.map((name, index) => `WHEN ${index} THEN ${literal(name)}`).join(' ')} END`;

/**
 * One item row of alias `t` as its Item resource's JSON text, generated from ITEM_FIELDS:
 * exactly as JSON.stringify(presentItem(item)) writes it, the same keys in the same order,
 * no spaces, texts escaped by to_json (the escapes JSON.stringify makes: \", \\, \b \f \n \r
 * \t and \u00xx), times as isoTime writes them (milliseconds, truncated, as a Date holds
 * them), dates as YYYY-MM-DD whatever the session's DateStyle. Concatenated rather than
 * json_build_object, which puts spaces around its colons; adjacent constant parts are merged,
 * so the row costs one concatenation per field. The assignee is read from the users table
 * (the auth module's fragment) only for an item that has one.
 */
export function itemJsonTextSql(t: string): string {
  const parts: string[] = [];
  let constant = '';
  const text = (part: string) => (constant += part);
  const expression = (sql: string) => {
    if (constant) parts.push(literal(constant));
    constant = '';
    parts.push(sql);
  };
  ITEM_FIELDS.forEach((field, index) => {
    text(`${index === 0 ? '{' : ','}${JSON.stringify(field.name)}:`);
    const column = `${t}.${field.column}`;
    const kind = field.kind as ItemFieldKind;
    switch (kind) {
      case 'uuid':
        // A UUID's characters need no escaping.
        text('"');
        expression(column);
        text('"');
        break;
      case 'uuid?':
        expression(`COALESCE('"' || ${column} || '"', 'null')`);
        break;
      case 'text':
      case 'labels':
        // to_json of a text[] is its JSON array, without spaces.
        expression(`to_json(${column})::text`);
        break;
      case 'boolean':
        expression(`CASE WHEN ${column} THEN 'true' ELSE 'false' END`);
        break;
      case 'integer':
        expression(`${column}::text`);
        break;
      case 'integer?':
        expression(`COALESCE(${column}::text, 'null')`);
        break;
      case 'instant':
        text('"');
        expression(isoSql(column));
        text('"');
        break;
      case 'instant?':
        expression(`COALESCE('"' || ${isoSql(column)} || '"', 'null')`);
        break;
      case 'due?': {
        const due = dueColumns(t, field);
        expression(
          `CASE WHEN ${due.date} IS NULL THEN 'null' ELSE '{"date":"' || to_char(${due.date}, 'YYYY-MM-DD') || '","time":' || ${nullableText(due.time)} || ',"time_zone":' || ${nullableText(due.timeZone)} || ',"recurrence":' || ${nullableText(due.recurrence)} || ',"at":' || COALESCE('"' || ${isoSql(due.at)} || '"', 'null') || '}' END`,
        );
        break;
      }
      case 'priority':
        expression(priorityText(column));
        break;
      case 'assignee?':
        expression(userRefJsonTextSql(column));
        break;
      default:
        throw new Error(`no JSON rendering for the item field kind ${String(kind satisfies never)}`);
    }
  });
  text('}');
  expression('');
  return parts.filter((part) => part !== '').join(' || ');
}

/**
 * What the events outbox keeps of a field of the items row `t` (the field's `eventsColumn`
 * array holds one per item): the column itself, or for a field whose JSON is an object or an
 * array (a due, the labels, the assignee) that JSON, as json, so that the event shows the item
 * as it was then (the assignee's name included).
 */
export function itemEventValueSql(field: ItemField, t: string): string {
  const kind = field.kind as ItemFieldKind;
  const column = `${t}.${field.column}`;
  switch (kind) {
    case 'uuid':
    case 'uuid?':
    case 'text':
    case 'boolean':
    case 'integer':
    case 'integer?':
    case 'instant':
    case 'instant?':
    case 'priority':
      return column;
    case 'labels':
      return `to_json(${column})`;
    case 'due?': {
      const due = dueColumns(t, field);
      return `CASE WHEN ${due.date} IS NOT NULL THEN json_build_object('date', to_char(${due.date}, 'YYYY-MM-DD'), 'time', ${due.time}, 'time_zone', ${due.timeZone}, 'recurrence', ${due.recurrence}, 'at', ${isoSql(due.at)}) END`;
    }
    case 'assignee?':
      return userRefJsonSql(column);
    default:
      throw new Error(`no events value for the item field kind ${String(kind satisfies never)}`);
  }
}

/**
 * An item as a json_build_object of ITEM_FIELDS, each field's value the SQL `valueOf` gives
 * for it (what itemEventValueSql keeps; instants formatted as isoTime writes them, a priority
 * by its name, missing labels as []): the item of item events, which the events module's SQL
 * renders with it.
 */
export function itemJsonObjectSql(valueOf: (field: ItemField) => string): string {
  const pairs = ITEM_FIELDS.map((field) => {
    const value = valueOf(field);
    const kind = field.kind as ItemFieldKind;
    switch (kind) {
      case 'instant':
      case 'instant?':
        return `${literal(field.name)}, ${isoSql(value)}`;
      case 'priority':
        return `${literal(field.name)}, ${priorityName(value)}`;
      case 'labels':
        return `${literal(field.name)}, COALESCE(${value}, '[]'::json)`;
      case 'uuid':
      case 'uuid?':
      case 'text':
      case 'boolean':
      case 'integer':
      case 'integer?':
      case 'due?':
      case 'assignee?':
        return `${literal(field.name)}, ${value}`;
      default:
        throw new Error(`no JSON value for the item field kind ${String(kind satisfies never)}`);
    }
  });
  return `json_build_object(${pairs.join(', ')})`;
}
