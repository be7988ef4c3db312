import { Type } from '@sinclair/typebox';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { Content } from '../../../core/operation.js';
import { validatePhone } from '../../phone/phone-validation.js';
import { ValidatePhoneNumberOptions } from '../../phone/phone.schemas.js';
import { phoneInventoryOperation } from './define.js';
import { csvLine } from '../phone-inventory.dto.js';
import { PhoneNumberLineTypeLookupDto, PhoneSummaryDto } from '../phone-inventory.schemas.js';

export const getPhoneSummary = phoneInventoryOperation({
  operationId: 'getPhoneSummary', method: 'GET', path: '/phone/summary',
  summary: "The caller's numbers per country, and the configured countries (plans)",
  response: Type.Ref(PhoneSummaryDto),
  handler: async ({ tenantId }, { phoneInventory }) => {
    const { countries, totalPhones, plans } = await phoneInventory.summary(tenantId);
    return {
      phoneCountrySummaries: countries.map((c) => ({ phoneCountryCode: c.phoneCountry, totalCount: c.count, hasPlan: c.hasPlan })),
      hasPhoneNumbers: totalPhones > 0,
      hasMissingPlans: countries.some((c) => c.count > 0 && !c.hasPlan),
      totalPhones,
      plans: plans.map((phoneCountry) => ({ phoneCountry })),
    };
  },
});

const CSV_COLUMNS = ['id', 'phoneNumber', 'phoneCountry', 'name', 'description', 'tags', 'favourite', 'createdAt', 'updatedAt'];

export const exportPhoneNumbersCsv = phoneInventoryOperation({
  operationId: 'exportPhoneNumbersCsv', method: 'GET', path: '/phone/numbers/csv',
  summary: "Every number of the caller as CSV (RFC 4180, CRLF lines, a header line; tags as a JSON array)",
  response: { type: 'string', description: 'text/csv' },
  handler: async ({ tenantId }, { phoneInventory }) => {
    let csv = csvLine(CSV_COLUMNS);
    for await (const p of phoneInventory.allNumbers(tenantId)) {
      csv += csvLine([p.id, p.phoneNumber, p.phoneCountry, p.name, p.description, JSON.stringify(p.tags), String(p.favourite), p.createdAt.toISOString(), p.updatedAt.toISOString()]);
    }
    return new Content(csv, 'text/csv; charset=utf-8', { 'content-disposition': 'attachment; filename="phone-numbers.csv"' });
  },
});

export const getPhoneNumberLineTypeIntelligence = phoneInventoryOperation({
  operationId: 'getPhoneNumberLineTypeIntelligence', method: 'POST', path: '/phone/validate/line-type-intelligence',
  summary: "A number's line type as libphonenumber-js's metadata gives it (no carrier data: carrier, MCC and MNC are null)",
  body: Type.Ref(ValidatePhoneNumberOptions),
  response: Type.Ref(PhoneNumberLineTypeLookupDto),
  handler: ({ body }, { phoneInventory }) => {
    const validation = validatePhone(body.phoneNumber);
    const parsed = parsePhoneNumberFromString(body.phoneNumber.trim());
    return {
      phoneNumber: validation.phoneNumber,
      nationalFormat: parsed ? parsed.formatNational() : null,
      countryCode: validation.countryCode,
      countryPrefix: validation.countryPrefix,
      isValid: validation.isValid,
      validationErrors: validation.validationErrors,
      lineTypeIntelligence: parsed
        ? { type: parsed.getType() ?? null, carrierName: null, mobileCountryCode: null, mobileNetworkCode: null, errorCode: null }
        : null,
      mailslurpPhoneNumber: parsed ? phoneInventory.isCarrierNumber(parsed.number) : false,
    };
  },
});
