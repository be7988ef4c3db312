import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../shared/schemas.js';

/** Wire models of the email content operations, with the official client's names and fields. */

export const EmailHtmlDto = Type.Object(
  { subject: Nullable(Type.String()), body: Nullable(Type.String()) },
  { $id: 'EmailHtmlDto', description: "An email's subject and HTML body (the text body when it has no HTML)" },
);

export const EmailTextLinesResult = Type.Object(
  {
    lines: Type.Array(Type.String()),
    body: Type.String({ description: 'the lines joined with the line separator' }),
  },
  { $id: 'EmailTextLinesResult', description: 'Text of an email, line by line' },
);

export const EmailLinksResult = Type.Object(
  {
    links: Type.Array(Type.String()),
    body: Type.String({ description: 'the body the links were taken from' }),
  },
  { $id: 'EmailLinksResult' },
);

export const CODE_METHODS = ['AUTO', 'PATTERN', 'LLM', 'OCR', 'OCR_THEN_LLM'] as const;
const CodeMethod = StringEnum(CODE_METHODS, {
  description: 'Extraction strategy. This server extracts with patterns (PATTERN; AUTO means PATTERN); LLM and OCR fall back to PATTERN when allowFallback is not false.',
});

export const ExtractCodesOptions = Type.Object(
  {
    method: Type.Optional(CodeMethod),
    allowFallback: Type.Optional(Type.Boolean({ description: 'fall back to PATTERN when the method is not available (default true)' })),
    minLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 64, description: 'shortest code considered (default 4)' })),
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 64, description: 'longest code considered (default 8)' })),
    maxCandidates: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'most candidates returned (default 10)' })),
    customPatterns: Type.Optional(
      Nullable(
        Type.Array(Type.String({ minLength: 1, maxLength: 1000 }), {
          maxItems: 20,
          description: 'Java-style regexes tried first; the code is group 1, or the whole match when the pattern has no group',
        }),
      ),
    ),
  },
  { $id: 'ExtractCodesOptions' },
);

export const CodeCandidate = Type.Object(
  {
    code: Type.String(),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    method: CodeMethod,
    source: Type.String({ description: 'SUBJECT, RAW_TEXT_PART (the text body) or HTML_TEXT (the visible text of the HTML body)' }),
    context: Nullable(Type.String()),
  },
  { $id: 'CodeCandidate' },
);

export const ExtractCodesResult = Type.Object(
  {
    found: Type.Boolean(),
    code: Nullable(Type.String()),
    methodUsed: CodeMethod,
    candidates: Type.Array(Type.Ref(CodeCandidate)),
    warnings: Type.Array(Type.String()),
  },
  { $id: 'ExtractCodesResult' },
);

export const ContentMatchOptions = Type.Object(
  {
    pattern: Type.String({
      minLength: 1,
      maxLength: 10_000,
      description: 'Java-style regex (no surrounding slashes), e.g. `code is: (\\d{6})`',
    }),
  },
  { $id: 'ContentMatchOptions' },
);

export const EmailContentMatchResult = Type.Object(
  {
    pattern: Type.String(),
    matches: Type.Array(Type.String(), { description: 'the first match, then its groups (empty when there is no match)' }),
  },
  { $id: 'EmailContentMatchResult' },
);

export const EmailContentPartResult = Type.Object(
  { content: Nullable(Type.String({ description: 'text for textual parts, base64 for binary ones' })) },
  { $id: 'EmailContentPartResult' },
);

export const EmailPreviewUrls = Type.Object(
  {
    rawSmtpMessageUrl: Type.String(),
    plainHtmlBodyUrl: Type.String(),
    origin: Type.String(),
  },
  { $id: 'EmailPreviewUrls', description: 'Links of this server to the raw message and the HTML body; each carries a signed, expiring token for this one email, so it opens without x-api-key' },
);

export const contentModelSchemas = [
  EmailHtmlDto, EmailTextLinesResult, EmailLinksResult, ExtractCodesOptions, CodeCandidate, ExtractCodesResult,
  ContentMatchOptions, EmailContentMatchResult, EmailContentPartResult, EmailPreviewUrls,
];
