/** SCIM's error (RFC 7644 §3.12): an HTTP status, an optional scimType keyword and a detail. */
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: string | undefined,
    detail: string,
    /** headers the answer carries (WWW-Authenticate on 401, Retry-After on 429) */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
  }

  toJSON(): Record<string, unknown> {
    return { schemas: [ERROR_SCHEMA], status: String(this.status), ...(this.scimType ? { scimType: this.scimType } : {}), detail: this.message };
  }
}
