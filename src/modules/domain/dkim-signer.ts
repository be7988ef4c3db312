import type { Clock } from '../../core/clock.js';
import type { CustomDomainRepository, InboxRecord } from '../../storage/ports.js';
import type { MessageSigner } from '../sending/sending.types.js';

/**
 * Signs mail sent from an inbox on a verified custom domain with the domain's DKIM key
 * (mailauth's dkimSign: rsa-sha256, relaxed/relaxed, d= the domain, s= its selector). Mail
 * from other inboxes goes out as it is.
 */
export class DomainDkimSigner implements MessageSigner {
  constructor(private readonly domains: CustomDomainRepository, private readonly clock: Clock) {}

  async sign(inbox: InboxRecord, raw: Buffer): Promise<Buffer> {
    if (!inbox.domainId) return raw;
    const domain = await this.domains.get(inbox.tenantId, inbox.domainId);
    if (!domain?.verified || !domain.dkimPrivateKey || !domain.dkimSelector || domain.domain !== inbox.domain) return raw;
    const key = { signingDomain: domain.domain, selector: domain.dkimSelector, privateKey: domain.dkimPrivateKey };
    // loaded on first use: mailauth's modules are a quarter of a second of a start that may never sign
    const { dkimSign } = await import('mailauth/lib/dkim/sign.js');
    // mailauth's types name the key at the top level; its code reads signatureData: both are given.
    const result = await dkimSign(raw, {
      ...key, canonicalization: 'relaxed/relaxed', algorithm: 'rsa-sha256', signTime: this.clock.now(), signatureData: [key],
    } as Parameters<typeof import('mailauth/lib/dkim/sign.js').dkimSign>[1]);
    if (result.errors.length > 0 || !result.signatures) {
      throw new Error(`DKIM signing for ${domain.domain} failed: ${result.errors.map((e) => (e as Error).message ?? String(e)).join('; ')}`);
    }
    return Buffer.concat([Buffer.from(result.signatures, 'utf8'), raw]);
  }
}
