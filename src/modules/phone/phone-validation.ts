/** validatePhoneNumber: what libphonenumber-js's metadata says of a number, nothing more. */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export interface PhoneValidation {
  phoneNumber: string;
  isValid: boolean;
  countryCode: string | null;
  countryPrefix: string | null;
  validationErrors: string[];
}

export function validatePhone(input: string): PhoneValidation {
  const text = input.trim();
  const parsed = parsePhoneNumberFromString(text);
  if (!parsed) {
    return { phoneNumber: text, isValid: false, countryCode: null, countryPrefix: null, validationErrors: ['not a phone number in international form (+ and country code, like +12025550123)'] };
  }
  const isValid = parsed.isValid();
  const errors: string[] = [];
  if (!isValid) errors.push(parsed.isPossible() ? 'no number of this kind is assigned in that country' : 'the number has the wrong length for its country');
  return {
    phoneNumber: parsed.number,
    isValid,
    countryCode: parsed.country ?? null,
    countryPrefix: `+${parsed.countryCallingCode}`,
    validationErrors: errors,
  };
}
