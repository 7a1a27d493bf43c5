import { isJsonMediaType } from './json-media-type';

describe('isJsonMediaType', () => {
  it('accepts application/json and application/…+json, with or without parameters, in any case', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/merge-patch+json',
      'application/vnd.api+json; charset=utf-8',
      ' APPLICATION/Problem+JSON ',
    ]) {
      expect([type, isJsonMediaType(type)]).toEqual([type, true]);
    }
  });

  it('refuses what a cross-site form can send, other types, and nothing at all', () => {
    for (const type of [
      undefined,
      '',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/json',
      'text/x+json',
      'application/jsonp',
      'application/json-seq',
      'application/+jsonx',
    ]) {
      expect([type, isJsonMediaType(type)]).toEqual([type, false]);
    }
  });
});
