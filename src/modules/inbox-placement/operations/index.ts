import { getInboxPlacementAnalyticsBreakdown, getInboxPlacementAnalyticsSeries } from './analytics.js';
import {
  createInboxPlacementTest, exportInboxPlacementTestResults, getInboxPlacementTest, getInboxPlacementTestAnalysis, getInboxPlacementTestResults,
  getInboxPlacementTests,
} from './placement-tests.js';
import { getInboxPlacementPublicShare, getInboxPlacementPublicShareAnalysis } from './share.js';
import { createPublicSpamTest, getPublicSpamTest, getPublicSpamTestResults, submitPublicSpamTest } from './spam-tests.js';

/** Static paths (analytics, share) before /{id}: Fastify prefers static segments anyway, listed so for the reader. */
export const inboxPlacementOperations = [
  getInboxPlacementAnalyticsSeries, getInboxPlacementAnalyticsBreakdown, getInboxPlacementPublicShare, getInboxPlacementPublicShareAnalysis,
  createInboxPlacementTest, getInboxPlacementTests, getInboxPlacementTest, getInboxPlacementTestResults, getInboxPlacementTestAnalysis,
  exportInboxPlacementTestResults, createPublicSpamTest, getPublicSpamTest, submitPublicSpamTest, getPublicSpamTestResults,
];
