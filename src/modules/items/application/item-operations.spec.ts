import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { routeOperation } from '../../idempotency/idempotent-request';
import { ItemsController } from '../http/items.controller';
import { ADD_ITEMS_OPERATION } from './item-operations';

describe('ADD_ITEMS_OPERATION', () => {
  it('is the name the add route keeps its Idempotency-Key records under', () => {
    const handler = Object.getOwnPropertyDescriptor(ItemsController.prototype, 'add')!.value as object;
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
    const path = `/${Reflect.getMetadata(PATH_METADATA, ItemsController) as string}/${Reflect.getMetadata(PATH_METADATA, handler) as string}`;
    expect(ADD_ITEMS_OPERATION).toBe(routeOperation(method, path));
  });
});
