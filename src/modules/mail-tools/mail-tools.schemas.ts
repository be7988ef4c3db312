import { recordGeneratorModelSchemas } from './record-generators.schemas.js';
import { analyzerModelSchemas } from './analyzers.schemas.js';
import { fakeEmailModelSchemas } from './fake-email.schemas.js';

/** Every model schema of the mail tools (modules/catalog.ts lists them). */
export const mailToolsModelSchemas = [...recordGeneratorModelSchemas, ...analyzerModelSchemas, ...fakeEmailModelSchemas];
