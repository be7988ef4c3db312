import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

/** Declares an AttachmentController operation. */
export const attachmentOperation = operationsOf<Services>('AttachmentController');

/** Oversized uploads are refused by the body parsers before any handler runs: say which limit applies. */
export const tooLarge = ({ attachments }: Services): Error => attachments.tooLargeError();
