import { getTlsCa } from './getTlsCa.js';

/** The TLS trust of the mail listeners: the local CA's certificate. */
export const tlsOperations = [getTlsCa];
