import { Type } from '@sinclair/typebox';
import { phoneOperation } from './define.js';
import { validatePhone } from '../phone-validation.js';
import { PhoneNumberValidationDto, ValidatePhoneNumberOptions } from '../phone.schemas.js';

export const validatePhoneNumber = phoneOperation({
  operationId: 'validatePhoneNumber', method: 'POST', path: '/phone/validate',
  summary: "Whether a number is valid, from libphonenumber's metadata (E.164 when it parses, its country and calling code)",
  body: Type.Ref(ValidatePhoneNumberOptions),
  response: Type.Ref(PhoneNumberValidationDto),
  handler: async ({ body }) => validatePhone(body.phoneNumber),
});
