import { Type } from '@sinclair/typebox';
import { StringEnum } from '../shared/schemas.js';

const Severity = StringEnum(['Warning', 'Error'] as const, {
  description: 'Error: the link or image is broken (an error status, or no answer); Warning: it could not be checked (refused target, over the limit, not an http(s) URL)',
});

export const LinkIssue = Type.Object(
  {
    url: Type.String(),
    responseStatus: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'the final HTTP status, after redirects; null when no answer came' })),
    severity: Severity,
    message: Type.String(),
  },
  { $id: 'LinkIssue' },
);

export const ImageIssue = Type.Object(
  {
    url: Type.String(),
    responseStatus: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'the final HTTP status, after redirects; null when no answer came' })),
    severity: Severity,
    message: Type.String(),
  },
  { $id: 'ImageIssue' },
);

export const SpellingIssue = Type.Object(
  { group: Type.String(), suggestion: Type.String(), severity: Severity, message: Type.String() },
  { $id: 'SpellingIssue' },
);

export const CheckEmailBodyResults = Type.Object(
  {
    hasIssues: Type.Boolean(),
    linkIssues: Type.Array(Type.Ref(LinkIssue)),
    imageIssues: Type.Array(Type.Ref(ImageIssue)),
    spellingIssues: Type.Array(Type.Ref(SpellingIssue), { description: 'always empty: this server has no spell checker' }),
  },
  { $id: 'CheckEmailBodyResults' },
);

export const bodyCheckModelSchemas = [LinkIssue, ImageIssue, SpellingIssue, CheckEmailBodyResults];
