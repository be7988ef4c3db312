import { importEmailIntoInbox, importEmailIntoInboxBytes, importEmailIntoInboxMultipart } from './importEmailIntoInbox.js';

/**
 * InboxController's imports: JSON (base64), the raw body (bodyKind 'raw'), and a multipart
 * upload; EmailImportService.maxBytes bounds the message each accepts.
 */
export const importOperations = [importEmailIntoInbox, importEmailIntoInboxBytes, importEmailIntoInboxMultipart];
