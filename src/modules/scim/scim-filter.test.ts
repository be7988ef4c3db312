import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { matches, parseFilter, type AttributeTraits } from './scim-filter.js';
import { ScimError } from './scim-errors.js';

const TRAITS: AttributeTraits = { caseExact: new Set(['id', 'externalid']), dateTimes: new Set(['meta.created', 'meta.lastmodified']) };
const BJENSEN = {
  id: 'A1', externalId: 'Ext', userName: 'Bjensen@Example.com', title: 'Tour Guide', userType: 'Employee', active: true,
  name: { familyName: "O'Malley", givenName: 'Barbara' },
  emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }, { value: 'babs@home.example.org', type: 'home' }],
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  meta: { created: '2020-01-01T00:00:00.000Z', lastModified: '2021-06-01T00:00:00.000Z' },
};
const is = (filter: string, resource: unknown = BJENSEN) => matches(parseFilter(filter), resource, TRAITS);

describe('SCIM filters', () => {
  test('comparisons: case-insensitive strings except caseExact attributes; attribute names in any case', () => {
    assert.equal(is('userName eq "bjensen@example.com"'), true);
    assert.equal(is('USERNAME Eq "BJENSEN@EXAMPLE.COM"'), true);
    assert.equal(is('externalId eq "ext"'), false);
    assert.equal(is('externalId eq "Ext"'), true);
    assert.equal(is('name.familyName co "malley"'), true);
    assert.equal(is('userName sw "bj" and userName ew ".COM"'), true);
    assert.equal(is('title ne "Tour Guide"'), false);
    assert.equal(is('nickName ne "x"'), true, 'ne holds when there is no value');
    assert.equal(is('active eq true'), true);
    assert.equal(is('nickName eq null'), true);
    assert.equal(is('title eq null'), false);
  });

  test('pr, dates, multi-valued attributes compared by their value, and value paths', () => {
    assert.equal(is('title pr'), true);
    assert.equal(is('nickName pr'), false);
    assert.equal(is('meta.lastModified gt "2021-01-01T00:00:00Z"'), true);
    assert.equal(is('meta.lastModified le "2021-01-01T00:00:00Z"'), false);
    assert.equal(is('meta.created ge "2020-01-01T00:00:00.000Z"'), true);
    assert.equal(is('emails co "home.example.org"'), true);
    assert.equal(is('emails.type eq "home"'), true);
    assert.equal(is('emails[type eq "work" and value co "home"]'), false, 'both conditions on one element');
    assert.equal(is('emails[type eq "home" and value co "home"]'), true);
    assert.equal(is('schemas eq "urn:ietf:params:scim:schemas:core:2.0:User"'), true);
    assert.equal(is('urn:ietf:params:scim:schemas:core:2.0:User:userName sw "bjensen"'), true);
  });

  test('and binds tighter than or; not negates the whole group (not De Morgan per term); nested parentheses', () => {
    assert.equal(is('title pr or nickName pr and userType eq "Intern"'), true);
    assert.equal(is('(title pr or nickName pr) and userType eq "Intern"'), false);
    assert.equal(is('not (userName eq "x" or userName eq "bjensen@example.com")'), false);
    assert.equal(is('not (userName eq "x" or userName eq "y")'), true);
    assert.equal(is('((title pr) and (not (active eq false)))'), true);
  });

  test('bad filters are 400 invalidFilter errors', () => {
    for (const bad of ['', 'userName', 'userName eqq "x"', 'userName eq', '(title pr', 'title pr)', 'emails[type eq "x"', 'userName eq "unterminated',
      'active gt true', 'title lt null', 'not title pr', 'userName eq "x" and', '"x" eq userName']) {
      assert.throws(() => parseFilter(bad), (err: unknown) => err instanceof ScimError && err.status === 400 && err.scimType === 'invalidFilter', bad);
    }
    assert.throws(() => is('meta.created gt "not a date"'), (err: unknown) => err instanceof ScimError && err.scimType === 'invalidFilter');
    assert.throws(() => parseFilter(`${'('.repeat(40)}title pr${')'.repeat(40)}`), ScimError, 'nesting is bounded');
  });
});
