import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey } from 'node:crypto';
import {
  domainNameRecords, findingMessages, isVerified, judgeRecords, mergeStates, newDomainKeys, spfValue, type DomainLookups,
} from './domain.records.js';

const keys = { domain: 'mail.example.test', verificationToken: 'tok123', dkimSelector: 'ph0001', dkimPublicKey: 'AAAAKEY' };
const none = { ok: true as const, records: [] };
const lookups = (over: Partial<DomainLookups> = {}): DomainLookups => ({ verification: none, mx: none, apexTxt: none, dkim: none, dmarc: none, ...over });
const all = (): DomainLookups => ({
  verification: { ok: true, records: ['pigeonhole-verification=tok123'] },
  mx: { ok: true, records: [{ exchange: 'MX.Host.test.', priority: 10 }] },
  apexTxt: { ok: true, records: ['google-site-verification=x', 'v=spf1 include:other.test a:mx.host.test ~all'] },
  dkim: { ok: true, records: ['v=DKIM1; k=rsa; p=AAAA KEY'] },
  dmarc: { ok: true, records: ['v=DMARC1; p=none'] },
});

describe('the records a domain publishes', () => {
  test('a fresh key pair per domain: RSA 2048, the public key as the DKIM p= value', async () => {
    const a = await newDomainKeys();
    const b = await newDomainKeys();
    assert.notEqual(a.dkimPublicKey, b.dkimPublicKey);
    assert.notEqual(a.verificationToken, b.verificationToken);
    const pub = createPublicKey({ key: Buffer.from(a.dkimPublicKey, 'base64'), format: 'der', type: 'spki' });
    assert.equal(pub.asymmetricKeyDetails?.modulusLength, 2048);
    assert.match(a.dkimPrivateKey, /^-----BEGIN PRIVATE KEY-----/);
  });

  test('verification TXT, MX at the mail host, SPF, DKIM and DMARC, with fully qualified names', () => {
    const records = domainNameRecords(keys, 'mx.host.test');
    assert.deepEqual(records.map((r) => [r.label, r.recordType, r.name, r.recordEntries, r.required]), [
      ['VERIFICATION', 'TXT', '_pigeonhole.mail.example.test', ['pigeonhole-verification=tok123'], true],
      ['MX', 'MX', 'mail.example.test', ['10 mx.host.test'], false],
      ['SPF', 'TXT', 'mail.example.test', ['v=spf1 a:mx.host.test ~all'], false],
      ['DKIM', 'TXT', 'ph0001._domainkey.mail.example.test', ['v=DKIM1; k=rsa; p=AAAAKEY'], true],
      ['DMARC', 'TXT', '_dmarc.mail.example.test', ['v=DMARC1; p=none'], false],
    ]);
  });

  test('SPF names an address host by ip4/ip6', () => {
    assert.equal(spfValue('192.0.2.7'), 'v=spf1 ip4:192.0.2.7 ~all');
    assert.equal(spfValue('2001:db8::1'), 'v=spf1 ip6:2001:db8::1 ~all');
  });
});

describe('judging what DNS answered', () => {
  test('everything published (case, trailing dots, split key strings and other SPF terms allowed): all present, verified', () => {
    const findings = judgeRecords(keys, 'mx.host.test', all());
    assert.deepEqual(findings.map((f) => f.state), ['PRESENT', 'PRESENT', 'PRESENT', 'PRESENT', 'PRESENT']);
    assert.equal(isVerified(mergeStates({}, findings)), true);
    assert.deepEqual(findingMessages(findings), { missing: null, duplicate: null });
  });

  test('nothing published: all missing, not verified, messages name each record (the optional ones as recommended)', () => {
    const findings = judgeRecords(keys, 'mx.host.test', lookups());
    assert.ok(findings.every((f) => f.state === 'MISSING'));
    const { missing } = findingMessages(findings);
    assert.match(missing!, /^VERIFICATION: no TXT record _pigeonhole\.mail\.example\.test/);
    assert.match(missing!, /MX \(recommended\): no MX record of mail\.example\.test points at mx\.host\.test/);
    assert.equal(isVerified(mergeStates({}, findings)), false);
  });

  test('a different DKIM key, or an SPF record without this server, is missing; two SPF or DKIM records are duplicates', () => {
    const wrong = judgeRecords(keys, 'mx.host.test', {
      ...all(), dkim: { ok: true, records: ['v=DKIM1; k=rsa; p=OTHER'] }, apexTxt: { ok: true, records: ['v=spf1 -all'] },
    });
    assert.equal(wrong.find((f) => f.label === 'DKIM')!.state, 'MISSING');
    assert.match(wrong.find((f) => f.label === 'DKIM')!.detail!, /different key/);
    assert.match(wrong.find((f) => f.label === 'SPF')!.detail!, /does not authorise a:mx\.host\.test/);
    const twice = judgeRecords(keys, 'mx.host.test', {
      ...all(), apexTxt: { ok: true, records: ['v=spf1 a:mx.host.test ~all', 'v=spf1 -all'] }, dkim: { ok: true, records: ['v=DKIM1; p=AAAAKEY', 'v=DKIM1; p=B'] },
    });
    assert.deepEqual(twice.filter((f) => f.state === 'DUPLICATE').map((f) => f.label), ['SPF', 'DKIM']);
    assert.match(findingMessages(twice).duplicate!, /2 SPF records/);
  });

  test('a failed lookup is unknown, not missing: the last state is kept', () => {
    const down = { ok: false as const, error: 'ECONNREFUSED' };
    const findings = judgeRecords(keys, 'mx.host.test', { verification: down, mx: down, apexTxt: down, dkim: down, dmarc: down });
    assert.ok(findings.every((f) => f.state === 'UNKNOWN'));
    assert.deepEqual(findingMessages(findings), { missing: null, duplicate: null });
    const before = { VERIFICATION: 'PRESENT', MX: 'MISSING', SPF: 'PRESENT', DKIM: 'PRESENT', DMARC: 'PRESENT' } as const;
    assert.deepEqual(mergeStates(before, findings), before);
    assert.equal(isVerified(mergeStates(before, findings)), true);
  });
});
