import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validatePhone } from './phone-validation.js';

test('validation answers from libphonenumber metadata', () => {
  const us = validatePhone('+1 202 555 0123');
  assert.deepEqual(us, { phoneNumber: '+12025550123', isValid: true, countryCode: 'US', countryPrefix: '+1', validationErrors: [] });
  const short = validatePhone('+1 202');
  assert.equal(short.isValid, false);
  assert.equal(short.validationErrors.length, 1);
  assert.equal(validatePhone('hello').isValid, false);
});
