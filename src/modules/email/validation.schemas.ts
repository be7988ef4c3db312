import { Type } from '@sinclair/typebox';
import { Nullable, Uuid } from '../shared/schemas.js';

export const ValidationMessage = Type.Object(
  { lineNumber: Type.Integer({ description: '1-based line within the HTML body; 0 when not tied to a line' }), message: Nullable(Type.String()) },
  { $id: 'ValidationMessage' },
);

export const HTMLValidationResult = Type.Object(
  {
    isValid: Type.Boolean({ description: 'true when there are no errors (warnings and infos do not count)' }),
    infos: Type.Array(Type.Ref(ValidationMessage)),
    errors: Type.Array(Type.Ref(ValidationMessage)),
    warnings: Type.Array(Type.Ref(ValidationMessage)),
  },
  { $id: 'HTMLValidationResult' },
);

export const ValidationDto = Type.Object(
  { emailId: Uuid, html: Nullable(Type.Ref(HTMLValidationResult)) },
  { $id: 'ValidationDto' },
);

export const validationModelSchemas = [ValidationMessage, HTMLValidationResult, ValidationDto];
