import { Type } from '@sinclair/typebox';
import { resultsOf, shareUrlAt, spamScoresOf, toSpamTestRunDto } from '../placement.dto.js';
import { CreatePublicSpamTestOptions, PublicSpamTestResultsDto, PublicSpamTestRunDto, SubmitPublicSpamTestOptions, TestIdParams } from '../placement.schemas.js';
import { spamTestOperation } from './define.js';

export const createPublicSpamTest = spamTestOperation({
  operationId: 'createPublicSpamTest', method: 'POST', path: '/tools/spam-test',
  summary: 'A spam test: seed addresses on this server to send your message to; each arrival is scored by SpamAssassin',
  body: Type.Ref(CreatePublicSpamTestOptions),
  response: Type.Ref(PublicSpamTestRunDto),
  handler: async ({ tenantId, body }, { inboxPlacement }) => toSpamTestRunDto(await inboxPlacement.create(tenantId, 'PUBLIC_SPAM_TEST', body)),
});

export const getPublicSpamTest = spamTestOperation({
  operationId: 'getPublicSpamTest', method: 'GET', path: '/tools/spam-test/{id}',
  summary: 'A spam test, brought up to date with what its seeds received',
  params: TestIdParams,
  response: Type.Ref(PublicSpamTestRunDto),
  handler: async ({ tenantId, params }, { inboxPlacement }) => toSpamTestRunDto(await inboxPlacement.get(tenantId, params.id, 'PUBLIC_SPAM_TEST')),
});

export const submitPublicSpamTest = spamTestOperation({
  operationId: 'submitPublicSpamTest', method: 'POST', path: '/tools/spam-test/{id}/submit',
  summary: 'Say the message is on its way (recorded as submittedAt); the results fill in as the seeds receive it',
  params: TestIdParams,
  body: Type.Ref(SubmitPublicSpamTestOptions),
  response: Type.Ref(PublicSpamTestRunDto),
  handler: async ({ tenantId, params }, { inboxPlacement }) => toSpamTestRunDto(await inboxPlacement.submit(tenantId, params.id)),
});

export const getPublicSpamTestResults = spamTestOperation({
  operationId: 'getPublicSpamTestResults', method: 'GET', path: '/tools/spam-test/{id}/results',
  summary: 'A spam test\'s results: per seed, SpamAssassin\'s verdict, score and rules, latency and authentication; the score out of ten',
  params: TestIdParams,
  response: Type.Ref(PublicSpamTestResultsDto),
  handler: async ({ tenantId, params, baseUrl }, { inboxPlacement }) => {
    const test = await inboxPlacement.get(tenantId, params.id, 'PUBLIC_SPAM_TEST');
    return { run: toSpamTestRunDto(test), results: resultsOf(test, inboxPlacement.provider, shareUrlAt(baseUrl), inboxPlacement.now()), spamScores: spamScoresOf(test) };
  },
});
