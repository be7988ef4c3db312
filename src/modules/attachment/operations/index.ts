import { uploadAttachment, uploadAttachmentBytes, uploadMultipartForm } from './uploadAttachment.js';
import { getAttachments } from './getAttachments.js';
import { getAttachment, getAttachmentInfo } from './getAttachment.js';
import { downloadAttachmentAsBase64Encoded, downloadAttachmentAsBytes } from './downloadAttachment.js';
import { deleteAllAttachments, deleteAttachment } from './deleteAttachment.js';
import { extractAttachmentText } from './extractAttachmentText.js';

/** AttachmentController: one file per operationId (or small family). */
export const attachmentOperations = [
  uploadAttachment, uploadAttachmentBytes, uploadMultipartForm, getAttachments, getAttachment, getAttachmentInfo,
  downloadAttachmentAsBytes, downloadAttachmentAsBase64Encoded, deleteAttachment, deleteAllAttachments, extractAttachmentText,
];
