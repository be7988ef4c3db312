import { scimRoutes } from './scim-routes.js';

/** SCIM 2.0 of organisations (hidden routes, authenticated by their handlers). */
export const scimOperations = [...scimRoutes];
