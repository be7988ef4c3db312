import type { FastifyInstance } from 'fastify';
import { PREVIEW_TOKEN_PARAM, type PreviewTokenService } from '../../modules/email/preview-tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route also opens with a preview token for the id in this path parameter */
    previewToken?: { scope: 'email' | 'sent'; param: string };
  }
}

/**
 * Preview links (getEmailPreviewURLs, getSentEmailPreviewURLs) open in a browser with no key
 * header: on a route that allows it, a request without `x-api-key` that carries a `token`
 * query parameter is let in as the token's tenant when the token is valid for the very email
 * in the path; an invalid or expired token is 401, a token for another email 403. Requests
 * with a key, and every other route, are left to the API key check that runs next.
 * Register it before registerApiKeyAuth, in the same context.
 */
export function registerPreviewTokenAuth(app: FastifyInstance, previews: PreviewTokenService): void {
  app.addHook('onRequest', async (request) => {
    const spec = request.routeOptions.config?.previewToken;
    // A key, as header or apiKey parameter, takes precedence: the key check (auth.ts) decides.
    if (!spec || request.headers['x-api-key'] || (request.query as Record<string, unknown> | undefined)?.apiKey !== undefined) return;
    const given = (request.query as Record<string, unknown> | undefined)?.[PREVIEW_TOKEN_PARAM];
    const token = Array.isArray(given) ? given[0] : given;
    if (typeof token !== 'string' || token === '') return;
    const id = String((request.params as Record<string, unknown> | undefined)?.[spec.param] ?? '');
    const { tenantId } = await previews.verify(token, spec.scope, id);
    // Today a tenant is one user; the token stands for no API key of theirs.
    request.principal = { userId: tenantId, tenantId, email: '', isAdmin: false, apiKeyId: '' };
  });
}
