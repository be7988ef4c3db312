import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth';
import { ManualClock } from '../../core/clock.js';
import { MailAuthenticator, analysisVerdict, clientAddress, toEmailAnalysis, type DnsLookup } from './mail-auth.service.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const clock = new ManualClock(new Date('2026-11-25T10:00:00Z'));

/** A zone as dns.promises.resolve answers: TXT as arrays of strings; a missing name is ENOTFOUND. */
function zone(records: Record<string, string>): DnsLookup {
  return async (name, rrtype) => {
    const text = records[`${name.toLowerCase()} ${rrtype}`];
    if (text === undefined) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return [[text]];
  };
}

const message = (from: string, body = 'Hello') =>
  Buffer.from(`From: ${from}\r\nTo: x@example.com\r\nSubject: unit\r\nMessage-ID: <u1@example.com>\r\n\r\n${body}\r\n`);

async function sign(raw: Buffer, domain: string): Promise<Buffer> {
  const options = { signatureData: [{ signingDomain: domain, selector: 's1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) }] };
  const { signatures } = await dkimSign(raw, options as unknown as Parameters<typeof dkimSign>[1]);
  return Buffer.concat([Buffer.from(signatures), raw]);
}

const records = {
  'good.test TXT': 'v=spf1 ip4:192.0.2.1 -all',
  's1._domainkey.good.test TXT': `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`,
  '_dmarc.good.test TXT': 'v=DMARC1; p=reject',
};

test('a signed message from an allowed address passes SPF, DKIM and DMARC; the header names this server', async () => {
  const auth = new MailAuthenticator({ authservId: 'mx.test', lookup: zone(records), timeoutMs: 2000, clock });
  const { header, verdicts } = await auth.authenticate(await sign(message('a@good.test'), 'good.test'), {
    smtp: true, remoteAddress: '::ffff:192.0.2.1', helo: 'client.good.test', mailFrom: 'a@good.test',
  });
  const text = header.toString();
  assert.match(text, /^Received-SPF: pass /);
  assert.match(text, /\r\nAuthentication-Results: mx\.test;\r\n dkim=pass header\.i=@good\.test header\.s=s1/);
  assert.match(text, /spf=pass .*smtp\.mailfrom=a@good\.test/);
  assert.match(text, /arc=none/);
  assert.match(text, /dmarc=pass .*header\.from=good\.test/);
  assert.ok(text.endsWith('\r\n'));
  assert.deepEqual({ ...verdicts, dkim: verdicts.dkim.map((d) => [d.result, d.domain, d.selector]) }, {
    spf: 'pass', dkim: [['pass', 'good.test', 's1']], dmarc: 'pass', arc: 'none', fromDomain: 'good.test',
    clientIp: '192.0.2.1', mailFrom: 'a@good.test', checkedAt: clock.now(),
  });
});

test('a body changed after signing is dkim=fail (RFC 6376 PERMFAIL), not neutral', async () => {
  const auth = new MailAuthenticator({ authservId: 'mx.test', lookup: zone(records), timeoutMs: 2000, clock });
  const signed = await sign(message('a@good.test', 'Pay 10'), 'good.test');
  const { header, verdicts } = await auth.authenticate(Buffer.from(signed.toString().replace('Pay 10', 'Pay 99')), {
    smtp: true, remoteAddress: '198.51.100.9', mailFrom: 'a@good.test',
  });
  assert.match(header.toString(), /dkim=fail \(body hash did not verify\)/);
  assert.equal(verdicts.dkim[0]?.result, 'fail');
  assert.equal(verdicts.spf, 'fail');
  assert.equal(verdicts.dmarc, 'fail');
});

test('lookups that never answer end as temperror within the time budget', async () => {
  const never: DnsLookup = () => new Promise(() => {});
  const auth = new MailAuthenticator({ authservId: 'mx.test', lookup: never, timeoutMs: 150, clock });
  const started = performance.now();
  const { header, verdicts } = await auth.authenticate(await sign(message('a@good.test'), 'good.test'), {
    smtp: true, remoteAddress: '192.0.2.1', mailFrom: 'a@good.test',
  });
  assert.ok(performance.now() - started < 1000);
  assert.equal(verdicts.spf, 'temperror');
  assert.equal(verdicts.dkim[0]?.result, 'temperror');
  assert.equal(verdicts.dmarc, 'temperror');
  assert.match(header.toString(), /spf=temperror/);
});

test('no signature and no records: none everywhere', async () => {
  const auth = new MailAuthenticator({ authservId: 'mx.test', lookup: zone({}), timeoutMs: 2000, clock });
  const { header, verdicts } = await auth.authenticate(message('c@nothing.test'), { smtp: true, remoteAddress: '192.0.2.1', mailFrom: 'c@nothing.test' });
  assert.match(header.toString(), /dkim=none \(message not signed\);\r\n spf=none/);
  assert.deepEqual([verdicts.spf, verdicts.dkim, verdicts.dmarc, verdicts.arc], ['none', [], 'none', 'none']);
});

test('client addresses, and the EmailAnalysis words', () => {
  assert.equal(clientAddress('::ffff:10.1.2.3'), '10.1.2.3');
  assert.equal(clientAddress('2001:db8::1'), '2001:db8::1');
  assert.equal(clientAddress('not an ip'), undefined);
  assert.equal(clientAddress(undefined), undefined);
  assert.deepEqual(['pass', 'fail', 'softfail', 'neutral', 'none', 'policy', 'temperror', 'permerror'].map(analysisVerdict),
    ['PASS', 'FAIL', 'FAIL', 'GRAY', 'GRAY', 'GRAY', 'TEMPERROR', 'PERMERROR']);
  const base = { spf: 'pass', dmarc: 'fail', arc: 'none', fromDomain: 'x.test', clientIp: null, mailFrom: null, checkedAt: new Date() };
  assert.deepEqual(toEmailAnalysis({ ...base, dkim: [] }), { spamVerdict: null, virusVerdict: null, spfVerdict: 'PASS', dkimVerdict: 'GRAY', dmarcVerdict: 'FAIL' });
  const dkim = (result: string) => ({ result, domain: 'x.test', selector: 's', comment: null });
  assert.equal(toEmailAnalysis({ ...base, dkim: [dkim('fail'), dkim('pass')] }).dkimVerdict, 'PASS', 'one passing signature is enough');
});

test('a fault of the checks themselves is temperror, never a refused message', async () => {
  // a fault after the checks ran (here the clock, once): nothing of the result can be trusted
  let faults = 1;
  const faulty = { now: () => { if (faults-- > 0) throw new Error('clock fault\r\ninjected'); return clock.now(); } };
  const auth = new MailAuthenticator({ authservId: 'mx.test', lookup: zone(records), timeoutMs: 2000, clock: faulty });
  const { header, verdicts } = await auth.authenticate(message('a@good.test'), { smtp: true, remoteAddress: '192.0.2.1', mailFrom: 'a@good.test' });
  assert.ok(!header.toString().includes('fault\r\ninjected'), 'the reason is kept on one header line');
  assert.match(header.toString(), /^Authentication-Results: mx\.test;\r\n dkim=temperror \(checks failed: /);
  assert.deepEqual([verdicts.spf, verdicts.dmarc, verdicts.arc], ['temperror', 'temperror', 'temperror']);
});
