import { eventJson } from './event';
import { directEventJson } from './event-writer';

describe('directEventJson', () => {
  it('has the fields of a recorded event, in their order, with no list', () => {
    const createdAt = new Date('2026-11-24T10:00:00.000Z');
    const actor = { id: 'u1', username: 'ada', name: 'Ada' };
    const recorded = eventJson('evt_1', { type: 'list.created', list: { id: 'l1', name: 'L' }, actor, data: {}, createdAt }, 'test');
    const direct = directEventJson('evt_2', { type: 'webhook.test', actor, data: {}, createdAt }, 'test');
    expect(Object.keys(direct)).toEqual(Object.keys(recorded));
    expect(direct).toEqual({
      id: 'evt_2',
      type: 'webhook.test',
      created_at: createdAt.toISOString(),
      list: null,
      actor,
      data: {},
      livemode: false,
    });
  });
});
