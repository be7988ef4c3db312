import type { IncomingHttpHeaders } from 'node:http';

/** The first value of a header or parameter that may be repeated; empty counts as none. */
export function firstValue(value: unknown): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' && one !== '' ? one : undefined;
}

/** `Authorization: Bearer <api key>`: a bearer token is an API key (SCIM and MCP clients send keys this way). */
export function bearerOf(authorization: string | undefined): string | undefined {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match?.[1];
}

/** The key of a request's headers: `x-api-key`, else `Authorization: Bearer <key>`. */
export function apiKeyFromHeaders(headers: IncomingHttpHeaders): string | undefined {
  return firstValue(headers['x-api-key']) ?? bearerOf(headers.authorization);
}
