import { getMetadataStorage } from 'class-validator';
import { z } from 'zod';
import { ItemFindQuery, ItemPageQuery } from '../../items/application/dto/item-page.query';
import { MoveItemsDto, UpdateItemsDto, UpdateSetDto } from '../../items/application/dto/item-edits.dto';
import { INPUTS } from './tool-schemas';

/**
 * Each tool takes what its route takes (API.md sections 11 and 13): the same names, so that an
 * argument the route gains or loses fails here rather than being silently refused by the
 * tool's strict schema, or never offered to an assistant.
 */

/** The fields a route's DTO declares (what its validation accepts). */
const fieldsOf = (dto: new () => unknown): string[] =>
  [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .map((entry) => entry.propertyName),
    ),
  ].sort();

/** The members of a zod object schema. */
const membersOf = (schema: z.ZodType): string[] => Object.keys((schema as z.ZodObject).shape).sort();

const without = (names: string[], ...left: string[]) => names.filter((name) => !left.includes(name));

describe('the tools’ arguments are their routes’ fields', () => {
  it('get_items: the query of GET /v1/lists/:id/items, and the list', () => {
    expect(membersOf(INPUTS.get_items)).toEqual([...fieldsOf(ItemPageQuery), 'list'].sort());
  });

  it('find_items: the query of GET /v1/items, with one list (by id or name) for list_id', () => {
    expect(membersOf(INPUTS.find_items)).toEqual([...without(fieldsOf(ItemFindQuery), 'list_id'), 'list'].sort());
  });

  it('update_items: the body of POST /v1/actions/update, its set member for member', () => {
    expect(membersOf(INPUTS.update_items)).toEqual(fieldsOf(UpdateItemsDto));
    expect(membersOf(INPUTS.update_items.shape.set)).toEqual(fieldsOf(UpdateSetDto));
  });

  it('move_items: the body of POST /v1/actions/move', () => {
    expect(membersOf(INPUTS.move_items)).toEqual(fieldsOf(MoveItemsDto));
  });
});

describe('the view arguments', () => {
  it('take priority as one value or a list, and has_due as a boolean', () => {
    for (const priority of ['high', ['high', 'low']]) expect(INPUTS.find_items.safeParse({ priority }).success).toBe(true);
    for (const priority of ['high,low', [], ['urgent']]) expect(INPUTS.find_items.safeParse({ priority }).success).toBe(false);
    expect(INPUTS.get_items.safeParse({ list: 'x', has_due: true }).success).toBe(true);
    expect(INPUTS.get_items.safeParse({ list: 'x', has_due: 'true' }).success).toBe(false);
  });

  it('refuse sort=position across lists, as GET /v1/items does', () => {
    expect(INPUTS.get_items.safeParse({ list: 'x', sort: 'position' }).success).toBe(true);
    expect(INPUTS.find_items.safeParse({ sort: 'position' }).success).toBe(false);
  });
});

describe('item fields as arguments', () => {
  it('add_items takes texts and item objects mixed; an object needs a text', () => {
    const items = ['milk', { text: 'bread', priority: 'high', labels: ['shop'], due: { date: '2026-12-01' }, assignee: 'me' }];
    expect(INPUTS.add_items.safeParse({ list: 'x', items }).success).toBe(true);
    expect(INPUTS.add_items.safeParse({ list: 'x', items: [{ notes: 'no text' }] }).success).toBe(false);
    expect(INPUTS.add_items.safeParse({ list: 'x', items: [{ text: 'x', colour: 'red' }] }).success).toBe(false);
  });

  it('a due as an item shows it may be sent back: its `at` is accepted (and ignored by the route)', () => {
    const due = { date: '2026-12-01', time: '09:00', time_zone: 'Europe/Berlin', recurrence: null, at: '2026-12-01T08:00:00.000Z' };
    expect(INPUTS.update_items.safeParse({ list: 'x', items: ['y'], set: { due } }).success).toBe(true);
    expect(INPUTS.update_items.safeParse({ list: 'x', items: ['y'], set: { due: null, assignee: null } }).success).toBe(true);
    expect(INPUTS.update_items.safeParse({ list: 'x', items: ['y'], set: { due: { time: '09:00' } } }).success).toBe(false);
  });
});
