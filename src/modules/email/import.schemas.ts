import { Type } from '@sinclair/typebox';
import { Nullable } from '../shared/schemas.js';

export const ImportEmailOptions = Type.Object(
  {
    rawEmailBase64: Type.String({ description: 'the full raw message (headers and body), such as an .eml file, base64 encoded' }),
    externalId: Type.Optional(Nullable(Type.String({ description: 'not supported yet: any value is refused' }))),
    runPipeline: Type.Optional(Nullable(Type.Boolean({ description: 'accepted; imports always go through the inbound pipeline, so waits and events see them' }))),
    overrideMessageId: Type.Optional(Nullable(Type.Boolean({ description: 'true: a new Message-ID replaces the original (the only byte changed); default false keeps the message byte for byte' }))),
  },
  { $id: 'ImportEmailOptions' },
);

/** externalId, runPipeline and overrideMessageId as the raw and multipart variants take them. */
export const ImportQuery = Type.Object({
  externalId: Type.Optional(Type.String({ description: 'not supported yet: any value is refused' })),
  runPipeline: Type.Optional(Type.Boolean()),
  overrideMessageId: Type.Optional(Type.Boolean()),
});

export const importModelSchemas = [ImportEmailOptions];
