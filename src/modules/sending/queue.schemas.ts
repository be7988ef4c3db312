import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf } from '../shared/schemas.js';

/** One queued send (sendEmailWithQueue) and how it went. */
export const SendWithQueueResult = Type.Object(
  {
    id: Type.String({ description: 'id of the queued send' }),
    userId: Type.String(),
    subject: Nullable(Type.String()),
    inboxId: Nullable(Type.String()),
    headerId: Type.String({ description: 'id of the sent email (SentEmailDto.id) once delivered; empty while queued or after a failure' }),
    delivered: Type.Boolean({ description: 'true once the send ran and its receipt was recorded' }),
    exceptionName: Nullable(Type.String({ description: 'kind of the error that ended the send; null while queued or once delivered' })),
    message: Nullable(Type.String({ description: 'the error that ended the send, or why the last attempt is being retried' })),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'SendWithQueueResult' },
);

export const PageSentEmailWithQueueProjection = PageOf(Type.Ref(SendWithQueueResult), 'PageSentEmailWithQueueProjection');

export const sendQueueModelSchemas = [SendWithQueueResult, PageSentEmailWithQueueProjection];
