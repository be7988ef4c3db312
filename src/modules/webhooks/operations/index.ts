import { createWebhook } from './createWebhook.js';
import { createAccountWebhook } from './createAccountWebhook.js';
import { createWebhookForPhoneNumber } from './createWebhookForPhoneNumber.js';
import { createWebhookForAITransformer } from './createWebhookForAITransformer.js';
import { deleteAllWebhooks } from './deleteAllWebhooks.js';
import { deleteWebhook } from './deleteWebhook.js';
import { deleteWebhookById } from './deleteWebhookById.js';
import { getAllWebhooks } from './getAllWebhooks.js';
import { getAllAccountWebhooks } from './getAllAccountWebhooks.js';
import { getInboxWebhooksPaginated } from './getInboxWebhooksPaginated.js';
import { getPhoneNumberWebhooksPaginated } from './getPhoneNumberWebhooksPaginated.js';
import { getWebhooks } from './getWebhooks.js';
import { getAllWebhookEndpoints } from './getAllWebhookEndpoints.js';
import { getWebhook } from './getWebhook.js';
import { updateWebhook } from './updateWebhook.js';
import { updateWebhookHeaders } from './updateWebhookHeaders.js';
import { getAllWebhookResults } from './getAllWebhookResults.js';
import { getWebhookResults } from './getWebhookResults.js';
import { getWebhookResult } from './getWebhookResult.js';
import { getWebhookResultsCount } from './getWebhookResultsCount.js';
import { getWebhookResultsUnseenErrorCount } from './getWebhookResultsUnseenErrorCount.js';
import { redriveWebhookResult } from './redriveWebhookResult.js';
import { redriveAllWebhookResults } from './redriveAllWebhookResults.js';
import { waitForWebhookResults } from './waitForWebhookResults.js';
import { sendTestData } from './sendTestData.js';
import { verifyWebhookSignature } from './verifyWebhookSignature.js';
import { getJsonSchemaForWebhookEvent } from './getJsonSchemaForWebhookEvent.js';
import { getJsonSchemaForWebhookPayload } from './getJsonSchemaForWebhookPayload.js';
import { getTestWebhookPayloadForWebhook } from './getTestWebhookPayloadForWebhook.js';
import { getTestWebhookPayload } from './getTestWebhookPayload.js';
import { getTestWebhookPayloadBounce } from './getTestWebhookPayloadBounce.js';
import { getTestWebhookPayloadBounceRecipient } from './getTestWebhookPayloadBounceRecipient.js';
import { getTestWebhookPayloadDeliveryStatus } from './getTestWebhookPayloadDeliveryStatus.js';
import { getTestWebhookPayloadEmailOpened } from './getTestWebhookPayloadEmailOpened.js';
import { getTestWebhookPayloadEmailRead } from './getTestWebhookPayloadEmailRead.js';
import { getTestWebhookPayloadNewAttachment } from './getTestWebhookPayloadNewAttachment.js';
import { getTestWebhookPayloadNewContact } from './getTestWebhookPayloadNewContact.js';
import { getTestWebhookPayloadNewEmail } from './getTestWebhookPayloadNewEmail.js';
import { getTestWebhookPayloadNewSms } from './getTestWebhookPayloadNewSms.js';
import { getTestWebhookPayloadNewAITransformResult } from './getTestWebhookPayloadNewAITransformResult.js';
import { webhookPayloadSchemaDocument } from './schema-document.js';

/**
 * WebhookController, and the public JSON Schema document of the payloads. Static paths
 * (/webhooks/results, /webhooks/test/..., /webhooks/verify) and parameterised ones
 * (/webhooks/{webhookId}) coexist: the static match is preferred.
 */
export const webhookOperations = [
  createWebhook,
  createAccountWebhook,
  createWebhookForPhoneNumber,
  createWebhookForAITransformer,
  deleteAllWebhooks,
  deleteWebhook,
  deleteWebhookById,
  getAllWebhooks,
  getAllAccountWebhooks,
  getInboxWebhooksPaginated,
  getPhoneNumberWebhooksPaginated,
  getWebhooks,
  getAllWebhookEndpoints,
  getWebhook,
  updateWebhook,
  updateWebhookHeaders,
  getAllWebhookResults,
  getWebhookResults,
  getWebhookResult,
  getWebhookResultsCount,
  getWebhookResultsUnseenErrorCount,
  redriveWebhookResult,
  redriveAllWebhookResults,
  waitForWebhookResults,
  sendTestData,
  verifyWebhookSignature,
  getJsonSchemaForWebhookEvent,
  getJsonSchemaForWebhookPayload,
  getTestWebhookPayloadForWebhook,
  getTestWebhookPayload,
  getTestWebhookPayloadBounce,
  getTestWebhookPayloadBounceRecipient,
  getTestWebhookPayloadDeliveryStatus,
  getTestWebhookPayloadEmailOpened,
  getTestWebhookPayloadEmailRead,
  getTestWebhookPayloadNewAttachment,
  getTestWebhookPayloadNewContact,
  getTestWebhookPayloadNewEmail,
  getTestWebhookPayloadNewSms,
  getTestWebhookPayloadNewAITransformResult,
  webhookPayloadSchemaDocument,
];
