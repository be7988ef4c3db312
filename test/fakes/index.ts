/**
 * In-memory fakes of the storage ports for the unit tests beside the services (the *.test.ts files under src).
 * Start with fakeServices(): every service built as in production, on these fakes.
 */
export { MemoryTables } from './tables.js';
export { fakeRepositories, fakeStore, type FakeRepositories } from './repositories.js';
export { fakeServices, TEST_DOMAIN, TEST_DOMAIN_POOL, type FakeServices, type FakeServicesOptions } from './services.js';
export { NotFakedError, notFaked, notFakedRepository } from './not-faked.js';
export { UniqueViolation } from './query.js';
export { FakeInboxRepository, FakeDomainRepository } from './inbox-repository.js';
export { FakeExpiredInboxRepository } from './expired-inbox-repository.js';
export { FakeEmailRepository } from './email-repository.js';
export { FakeSentEmailRepository } from './sent-email-repository.js';
export { FakeAttachmentRepository } from './attachment-repository.js';
export { FakeBounceRepository } from './bounce-repository.js';
export { FakeTrackingPixelRepository } from './tracking-pixel-repository.js';
export { FakeTemplateRepository } from './template-repository.js';
export { FakeWebhookRepository } from './webhook-repository.js';
export { FakeServerSecretRepository } from './server-secret-repository.js';
export { FakeContactRepository } from './contact-repository.js';
export { FakeRulesetRepository } from './ruleset-repository.js';
export { rejectsWith } from './assert.js';
export { FakeAliasRepository } from './alias-repository.js';
export { FakePhonePoolRepository } from './phone-pool-repository.js';
export { FakeCustomDomainRepository } from './custom-domain-repository.js';
