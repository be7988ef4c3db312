import { Type } from '@sinclair/typebox';
import { DateTime, INT32_MAX, Nullable, PageOf, StringEnum } from '../shared/schemas.js';

/** Wire models of AttachmentController with the official client's names and fields. */
export const UploadAttachmentOptions = Type.Object(
  {
    contentId: Type.Optional(Nullable(Type.String({ description: 'Content-ID for inline use (cid:) when sent' }))),
    contentType: Type.Optional(Nullable(Type.String({ description: 'unset = from the file name extension, else from the bytes' }))),
    filename: Type.Optional(Nullable(Type.String())),
    base64Contents: Type.String({ description: 'the file, base64 encoded (a data: URL is accepted too)' }),
  },
  { $id: 'UploadAttachmentOptions' },
);

const entity = {
  id: Type.String(),
  attachmentId: Type.String({ description: 'the id to pass in SendEmailOptions.attachments (same as id)' }),
  userId: Type.String(),
  contentType: Nullable(Type.String()),
  contentLength: Nullable(Type.Integer()),
  contentId: Nullable(Type.String()),
  name: Nullable(Type.String()),
  inboxId: Nullable(Type.String({ description: 'inbox of the email it arrived in; null for uploads' })),
  createdAt: DateTime,
  updatedAt: DateTime,
};

export const AttachmentEntityDto = Type.Object(entity, { $id: 'AttachmentEntityDto' });
export const AttachmentProjection = Type.Object(entity, { $id: 'AttachmentProjection' });
export const PageAttachmentEntity = PageOf(Type.Ref(AttachmentProjection), 'PageAttachmentEntity');

export const EXTRACT_METHODS = ['AUTO', 'NATIVE', 'OCR', 'LLM', 'OCR_THEN_LLM'] as const;

export const ExtractAttachmentTextOptions = Type.Object(
  {
    method: Type.Optional(StringEnum(EXTRACT_METHODS, { description: 'AUTO and NATIVE read text-like files; the others are not available here' })),
    allowFallback: Type.Optional(Type.Boolean({ description: 'use NATIVE when the requested method is not available' })),
    maxBytes: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: INT32_MAX, description: 'read at most this many bytes' }))),
  },
  { $id: 'ExtractAttachmentTextOptions' },
);

export const ExtractAttachmentTextResult = Type.Object(
  {
    present: Type.Boolean({ description: 'true when text was found' }),
    text: Nullable(Type.String()),
    methodUsed: StringEnum(EXTRACT_METHODS),
    contentType: Nullable(Type.String()),
    warnings: Type.Array(Type.String()),
  },
  { $id: 'ExtractAttachmentTextResult' },
);

export const AttachmentIdParams = Type.Object({ attachmentId: Type.String({ minLength: 1 }) });

/** The answer of every upload: the MailSlurp convention of a one-element array. */
export const UploadedIds = Type.Array(Type.String(), { description: 'one element: the id of the uploaded attachment' });

export const attachmentModelSchemas = [
  UploadAttachmentOptions, AttachmentEntityDto, AttachmentProjection, PageAttachmentEntity,
  ExtractAttachmentTextOptions, ExtractAttachmentTextResult,
];
