/**
 * What libphonenumber-js's metadata says a number is, and nothing more: the simulated carrier
 * has no carrier data (no HLR lookups, no carrier names), so what the metadata does not know
 * stays unknown (undefined / null).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { PHONE_VARIANTS } from './phone-inventory.schemas.js';

export type PhoneVariant = (typeof PHONE_VARIANTS)[number];

/** getType() of the number: MOBILE, FIXED_LINE, FIXED_LINE_OR_MOBILE, TOLL_FREE, VOIP, ...; undefined when unknown. */
export function lineTypeOf(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.getType();
}

/**
 * The client's variant of a line type: MOBILE is MOBILE, a fixed line (or a NANP number that
 * may be either) is LOCAL, TOLL_FREE is TOLL_FREE; others (VOIP, PAGER, ...) have no variant.
 */
export function variantOf(lineType: string | undefined): PhoneVariant | undefined {
  switch (lineType) {
    case 'MOBILE': return 'MOBILE';
    case 'FIXED_LINE':
    case 'FIXED_LINE_OR_MOBILE': return 'LOCAL';
    case 'TOLL_FREE': return 'TOLL_FREE';
    default: return undefined;
  }
}
