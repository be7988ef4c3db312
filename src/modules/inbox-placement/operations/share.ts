import { Type } from '@sinclair/typebox';
import { analysisOf } from '../placement-analysis.js';
import { resultsOf, shareUrlAt, spamScoresOf, toPublicRunDto } from '../placement.dto.js';
import { InboxPlacementAnalysisBundleDto, InboxPlacementPublicShareDto, ShareTokenParams } from '../placement.schemas.js';
import { placementOperation } from './define.js';

export const getInboxPlacementPublicShare = placementOperation({
  operationId: 'getInboxPlacementPublicShare', method: 'GET', path: '/inbox-placement-tests/share/{shareToken}',
  summary: 'A shared test\'s results, opened by its share token without an API key (tests made with publicShareRequested)',
  access: 'public',
  params: ShareTokenParams,
  response: Type.Ref(InboxPlacementPublicShareDto),
  handler: async ({ params, baseUrl }, { inboxPlacement }) => {
    const test = await inboxPlacement.byShareToken(params.shareToken);
    return { run: toPublicRunDto(test), results: resultsOf(test, inboxPlacement.provider, shareUrlAt(baseUrl), inboxPlacement.now()), spamScores: spamScoresOf(test) };
  },
});

export const getInboxPlacementPublicShareAnalysis = placementOperation({
  operationId: 'getInboxPlacementPublicShareAnalysis', method: 'GET', path: '/inbox-placement-tests/share/{shareToken}/analysis',
  summary: 'A shared test\'s analysis, opened by its share token without an API key',
  access: 'public',
  params: ShareTokenParams,
  response: Type.Ref(InboxPlacementAnalysisBundleDto),
  handler: async ({ params }, { inboxPlacement }) => analysisOf(await inboxPlacement.byShareToken(params.shareToken), inboxPlacement.now()),
});
