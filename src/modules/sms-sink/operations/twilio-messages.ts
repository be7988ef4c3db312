import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { parseForm, TwilioError } from '../twilio.js';
import { sinkOperation } from './define.js';

const AccountParams = Type.Object({ AccountSid: Type.String({ minLength: 1, maxLength: 64 }) });
const MessageParams = Type.Object({ AccountSid: Type.String({ minLength: 1, maxLength: 64 }), Sid: Type.String({ minLength: 1, maxLength: 64 }) });
const ListQuery = Type.Object({
  PageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
  Page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
});

/** Largest form a sink message may carry: 1600 characters of body and 10 URLs fit many times over. */
const MAX_FORM_BYTES = 64 * 1024;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The answer as Twilio gives it: its JSON resource, or its error shape with the error's status. */
async function twilioAnswer(status: number, work: () => Promise<unknown>): Promise<Content> {
  try {
    return new Content(JSON.stringify(await work()), 'application/json', {}, status);
  } catch (err) {
    if (err instanceof TwilioError) {
      const headers: Record<string, string> = err.status === 401 ? { 'www-authenticate': 'Basic realm="Twilio API"' } : {};
      const wait = err.status === 429 ? /in (\d+) s/.exec(err.message)?.[1] : undefined;
      if (wait) headers['retry-after'] = wait;
      return new Content(JSON.stringify(err), 'application/json', headers, err.status);
    }
    throw err;
  }
}

export const createTwilioMessage = sinkOperation({
  operationId: 'sinkCreateTwilioMessage', method: 'POST', path: '/2010-04-01/Accounts/{AccountSid}/Messages.json',
  summary: "SMS sink: Twilio's Messages resource create (form-encoded To, From, Body, MediaUrl, StatusCallback; Basic auth account SID : API key)",
  access: 'public', hidden: true, bodyKind: 'raw', bodyLimit: () => MAX_FORM_BYTES, status: 201,
  params: AccountParams,
  handler: async ({ params, body, headers, ip }, { smsSink }) => twilioAnswer(201, async () => {
    const caller = await smsSink.authenticate(header(headers.authorization), params.AccountSid, ip);
    return smsSink.create(caller, parseForm(body));
  }),
});

export const getTwilioMessage = sinkOperation({
  operationId: 'sinkGetTwilioMessage', method: 'GET', path: '/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json',
  summary: 'SMS sink: one message of the account, as Twilio answers it',
  access: 'public', hidden: true,
  params: MessageParams,
  handler: async ({ params, headers, ip }, { smsSink }) => twilioAnswer(200, async () => {
    const caller = await smsSink.authenticate(header(headers.authorization), params.AccountSid, ip);
    return smsSink.get(caller, params.Sid);
  }),
});

export const listTwilioMessages = sinkOperation({
  operationId: 'sinkListTwilioMessages', method: 'GET', path: '/2010-04-01/Accounts/{AccountSid}/Messages.json',
  summary: "SMS sink: the account's messages, newest first, in Twilio's page shape",
  access: 'public', hidden: true,
  params: AccountParams, query: ListQuery,
  handler: async ({ params, query, headers, ip }, { smsSink }) => twilioAnswer(200, async () => {
    const caller = await smsSink.authenticate(header(headers.authorization), params.AccountSid, ip);
    return smsSink.list(caller, query.Page ?? 0, query.PageSize ?? 50);
  }),
});
