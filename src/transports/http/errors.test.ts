import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeValidation } from './errors.js';

test('validation issues become messages that name the field', () => {
  assert.equal(
    describeValidation('params', { instancePath: '/inboxId', keyword: 'format', params: { format: 'uuid' } }),
    "path parameter 'inboxId' must be a UUID",
  );
  assert.equal(
    describeValidation('querystring', { instancePath: '', keyword: 'required', params: { missingProperty: 'emailAddress' } }),
    "query parameter 'emailAddress' is required",
  );
  assert.equal(
    describeValidation('body', { instancePath: '/tags/0', keyword: 'type', params: {}, message: 'must be string' }),
    "body field 'tags.0' must be string",
  );
  assert.match(
    describeValidation('querystring', { instancePath: '/sort', keyword: 'enum', params: { allowedValues: ['ASC', 'DESC'] } }),
    /'sort' must be one of ASC, DESC/,
  );
});
