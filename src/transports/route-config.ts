/** Route options the HTTP hooks read that routes of more than one transport kind set. */
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is no operation but does all its work through operations called with the
     * caller's own key, each checked on its own (the MCP endpoint): key scopes let it through.
     */
    viaOperations?: boolean;
  }
}

export {};
