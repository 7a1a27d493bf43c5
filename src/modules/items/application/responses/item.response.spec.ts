import { Test } from '@nestjs/testing';
import { ApiProperty, ApiSchema, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ITEM_FIELDS, type ItemFieldKind } from '../item-resource';
import { ItemResponse } from './item.response';

type Property = {
  type?: unknown;
  format?: string;
  nullable?: boolean;
  $ref?: string;
  allOf?: Property[];
  oneOf?: Property[];
  anyOf?: Property[];
  enum?: unknown[];
  items?: Property;
};

/**
 * What the document must say of a field of each kind: its type (or the schema it refers to),
 * its format and whether it may be null.
 */
const DOCUMENTED: Record<ItemFieldKind, { type: string; format?: string; nullable: boolean }> = {
  uuid: { type: 'string', nullable: false },
  'uuid?': { type: 'string', nullable: true },
  text: { type: 'string', nullable: false },
  boolean: { type: 'boolean', nullable: false },
  integer: { type: 'integer', nullable: false },
  'integer?': { type: 'integer', nullable: true },
  instant: { type: 'string', format: 'date-time', nullable: false },
  'instant?': { type: 'string', format: 'date-time', nullable: true },
  'due?': { type: '#/components/schemas/ItemDue', nullable: true },
  priority: { type: '#/components/schemas/ItemPriority', nullable: false },
  labels: { type: 'array', nullable: false },
  'assignee?': { type: '#/components/schemas/ItemAssignee', nullable: true },
};

/** The types a property states: its `type`, or the schemas it refers to, directly or through allOf, oneOf or anyOf. */
const typesOf = (property: Property): string[] => [
  ...[property.type ?? []].flat().map(String),
  ...(property.$ref ? [property.$ref] : []),
  ...[...(property.allOf ?? []), ...(property.oneOf ?? []), ...(property.anyOf ?? [])].flatMap(typesOf),
];

const PLACE = 'ItemResponse (src/modules/items/application/responses/item.response.ts)';

/** The schema SwaggerModule builds for `model`, under its schema name, as the served document has it. */
async function schemaOf(model: new () => unknown, name: string): Promise<Record<string, Property>> {
  const app = (await Test.createTestingModule({}).compile()).createNestApplication();
  try {
    const document = SwaggerModule.createDocument(app, new DocumentBuilder().setOpenAPIVersion('3.1.0').build(), { extraModels: [model] });
    return (document.components?.schemas?.[name] as { properties: Record<string, Property> }).properties;
  } finally {
    await app.close();
  }
}

/** Where the OpenAPI class of the item departs from ITEM_FIELDS, each problem naming the place to change. */
function departures(properties: Record<string, Property>): string[] {
  const problems: string[] = [];
  for (const field of ITEM_FIELDS) {
    const property = properties[field.name];
    const expected = DOCUMENTED[field.kind];
    if (!property) {
      problems.push(`the Item field ${field.name} (ITEM_FIELDS) has no property in ${PLACE}`);
      continue;
    }
    const types = typesOf(property);
    const nullable = property.nullable === true || types.includes('null');
    if (!types.includes(expected.type) || nullable !== expected.nullable || (expected.format && property.format !== expected.format)) {
      problems.push(
        `${PLACE}.${field.name} says ${JSON.stringify(property)}; ITEM_FIELDS' kind ${field.kind} is ${JSON.stringify(expected)}`,
      );
    }
  }
  const names = ITEM_FIELDS.map((field): string => field.name);
  for (const name of Object.keys(properties)) {
    if (!names.includes(name))
      problems.push(`${PLACE}.${name} is no Item field: add it to ITEM_FIELDS (src/modules/items/application/item-resource.ts)`);
  }
  if (problems.length === 0 && Object.keys(properties).join() !== names.join()) {
    problems.push(`${PLACE} lists the fields as ${Object.keys(properties).join(', ')}; ITEM_FIELDS' order is ${names.join(', ')}`);
  }
  return problems;
}

describe('the OpenAPI Item (ItemResponse), checked against ITEM_FIELDS', () => {
  it('documents every field of the Item, in its order, with its type and nullability', async () => {
    expect(departures(await schemaOf(ItemResponse, 'Item'))).toEqual([]);
  });

  it('names the place to change when a field is missing', async () => {
    @ApiSchema({ name: 'ShortItem' })
    class ShortItem {
      @ApiProperty()
      id!: string;
    }
    const problems = departures(await schemaOf(ShortItem, 'ShortItem'));
    expect(problems).toContain(`the Item field list_id (ITEM_FIELDS) has no property in ${PLACE}`);
    expect(problems).toHaveLength(ITEM_FIELDS.length - 1);
  });
});
