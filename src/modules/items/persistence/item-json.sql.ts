import { isoSql } from '../../../common/persistence/iso-sql';
import { ITEM_FIELDS, type ItemField, type ItemFieldKind } from '../application/item-resource';

/** A text as an SQL string literal. */
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/**
 * One item row of alias `t` as its Item resource's JSON text, generated from ITEM_FIELDS:
 * exactly as JSON.stringify(presentItem(item)) writes it, the same keys in the same order,
 * no spaces, texts escaped by to_json (the escapes JSON.stringify makes: \", \\, \b \f \n \r
 * \t and \u00xx), times as isoTime writes them (milliseconds, truncated, as a Date holds
 * them). Concatenated rather than json_build_object, which puts spaces around its colons;
 * adjacent constant parts are merged, so the row costs one concatenation per field.
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
      default:
        throw new Error(`no JSON rendering for the item field kind ${String(kind satisfies never)}`);
    }
  });
  text('}');
  expression('');
  return parts.filter((part) => part !== '').join(' || ');
}

/**
 * An item as a json_build_object of ITEM_FIELDS, each field's value the SQL `valueOf` gives
 * for it (instants formatted as isoTime writes them): the item of item events, which the
 * events module's SQL renders with it.
 */
export function itemJsonObjectSql(valueOf: (field: ItemField) => string): string {
  const pairs = ITEM_FIELDS.map((field) => {
    const value = valueOf(field);
    return `${literal(field.name)}, ${field.kind === 'instant' || field.kind === 'instant?' ? isoSql(value) : value}`;
  });
  return `json_build_object(${pairs.join(', ')})`;
}
