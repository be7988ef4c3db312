import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync, zipSync, strToU8 } from 'fflate';
import {
  Configuration, GenerateBimiRecordOptionsVersionEnum, GenerateDmarcRecordOptionsAdkimEnum, GenerateDmarcRecordOptionsFoEnum,
  GenerateDmarcRecordOptionsPolicyEnum, GenerateDmarcRecordOptionsVersionEnum, GenerateMtaStsRecordOptionsModeEnum,
  GenerateMtaStsRecordOptionsVersionEnum, GenerateSpfRecordOptionsAllPolicyEnum, GenerateTlsReportingRecordOptionsVersionEnum,
  ToolsControllerApi,
} from 'mailslurp-client';
import type { Transporter } from 'nodemailer';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';

/**
 * ToolsController's record generators, header and DMARC report analysis, client support and fake
 * email addresses, through the official client: mail to a fake address goes over real SMTP.
 */

/** The status and message of a refused call (the client throws the Response). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Response) return { status: err.status, message: ((await err.json()) as { message: string }).message };
    throw err;
  }
  assert.fail('the call was not refused');
}

const REPORT_XML = `<?xml version="1.0" encoding="UTF-8" ?>
<feedback>
  <report_metadata>
    <org_name>google.com</org_name>
    <email>noreply-dmarc-support@google.com</email>
    <report_id>1234567890</report_id>
    <date_range><begin>1700000000</begin><end>1700086399</end></date_range>
  </report_metadata>
  <policy_published>
    <domain>example.com</domain><adkim>r</adkim><aspf>r</aspf><p>quarantine</p><sp>none</sp><pct>100</pct>
  </policy_published>
  <record>
    <row><source_ip>192.0.2.10</source_ip><count>7</count>
      <policy_evaluated><disposition>none</disposition><dkim>pass</dkim><spf>pass</spf></policy_evaluated></row>
    <identifiers><header_from>example.com</header_from></identifiers>
    <auth_results><dkim><domain>example.com</domain><result>pass</result></dkim><spf><domain>example.com</domain><result>pass</result></spf></auth_results>
  </record>
  <record>
    <row><source_ip>198.51.100.5</source_ip><count>3</count>
      <policy_evaluated><disposition>quarantine</disposition><dkim>fail</dkim><spf>fail</spf></policy_evaluated></row>
    <identifiers><header_from>example.com</header_from></identifiers>
    <auth_results><spf><domain>spammer.test</domain><result>pass</result></spf></auth_results>
  </record>
  <record>
    <row><source_ip>192.0.2.10</source_ip><count>2</count>
      <policy_evaluated><disposition>none</disposition><dkim>pass</dkim><spf>pass</spf></policy_evaluated></row>
    <identifiers><header_from>example.com</header_from></identifiers>
    <auth_results><dkim><domain>example.com</domain><result>pass</result></dkim></auth_results>
  </record>
</feedback>`;

const HEADERS = [
  'Return-Path: <bounce@mail.example.com>',
  'Received: from mx.example.net (mx.example.net [203.0.113.9])',
  '\tby inbox.example.org with ESMTPS id 42; Tue, 5 Mar 2024 18:00:05 +0000',
  'Authentication-Results: inbox.example.org;',
  ' dkim=pass header.d=example.com header.s=s1;',
  ' spf=pass smtp.mailfrom=bounce@mail.example.com;',
  ' dmarc=pass header.from=example.com',
  'Received: from app.example.com (app.example.com [192.0.2.1])',
  '\tby mx.example.net with ESMTP id 41; Tue, 5 Mar 2024 10:00:01 -0800 (PST)',
  'From: Example <news@example.com>',
  'To: someone@example.org',
  'Subject: hello',
  'Date: Tue, 5 Mar 2024 18:00:00 +0000',
  'Message-ID: <abc@example.com>',
  '',
  'the body is ignored',
].join('\r\n');

describeEachDialect('mail tools', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let tools: ToolsControllerApi;
  let transport: Transporter;

  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    tools = new ToolsControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    transport = smtpTransport(server);
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  test('generateSpfRecord builds the record, counts its lookups and refuses a bad ip4 naming the field', async () => {
    const spf = await tools.generateSpfRecord({ generateSpfRecordOptions: {
      domain: 'Example.com', mx: true, a: false, ip4: ['192.0.2.0/24', '198.51.100.7'], ip6: ['2001:db8::/32'],
      includeDomains: ['_spf.google.com'], allPolicy: GenerateSpfRecordOptionsAllPolicyEnum.SOFTFAIL,
    } });
    assert.equal(spf.name, 'example.com');
    assert.equal(spf.type, 'TXT');
    assert.equal(spf.value, 'v=spf1 mx ip4:192.0.2.0/24 ip4:198.51.100.7 ip6:2001:db8::/32 include:_spf.google.com ~all');
    assert.equal(spf.estimatedLookupCount, 2);
    const bad = await refusal(tools.generateSpfRecord({ generateSpfRecordOptions: {
      domain: 'example.com', mx: false, a: false, ip4: ['300.1.2.3'], allPolicy: GenerateSpfRecordOptionsAllPolicyEnum.FAIL,
    } }));
    assert.equal(bad.status, 400);
    assert.match(bad.message, /^ip4: '300\.1\.2\.3'/);
  });

  test('generateDmarcRecord builds the _dmarc record; a percentage over 100 is a 400 naming it', async () => {
    const dmarc = await tools.generateDmarcRecord({ generateDmarcRecordOptions: {
      domain: 'example.com', version: GenerateDmarcRecordOptionsVersionEnum.DMARC1, policy: GenerateDmarcRecordOptionsPolicyEnum.REJECT,
      percentage: 50, reportEmailAddress: ['dmarc@example.com', 'mailto:agg@example.net'], forensicEmailAddress: ['ruf@example.com'],
      adkim: GenerateDmarcRecordOptionsAdkimEnum.STRICT, fo: GenerateDmarcRecordOptionsFoEnum._1, secondsBetweenReports: 86400,
    } });
    assert.equal(dmarc.name, '_dmarc.example.com');
    assert.equal(dmarc.value, 'v=DMARC1; p=reject; pct=50; rua=mailto:dmarc@example.com,mailto:agg@example.net; ruf=mailto:ruf@example.com; ri=86400; adkim=s; fo=1');
    const bad = await refusal(tools.generateDmarcRecord({ generateDmarcRecordOptions: {
      domain: 'example.com', version: GenerateDmarcRecordOptionsVersionEnum.DMARC1, policy: GenerateDmarcRecordOptionsPolicyEnum.NONE, percentage: 101,
    } }));
    assert.equal(bad.status, 400);
    assert.match(bad.message, /'percentage' must be <= 100/);
  });

  test('generateMtaStsRecord gives the TXT record and the policy file; enforce without mx hosts is refused', async () => {
    const sts = await tools.generateMtaStsRecord({ generateMtaStsRecordOptions: {
      host: 'example.com', version: GenerateMtaStsRecordOptionsVersionEnum.STSv1, mode: GenerateMtaStsRecordOptionsModeEnum.ENFORCE,
      ttl: 300, maxAgeSeconds: 604800, mxRecords: ['mx1.example.com', '*.mail.example.com'],
    } });
    assert.equal(sts.name, '_mta-sts.example.com');
    assert.equal(sts.ttl, 300);
    assert.match(sts.value, /^v=STSv1; id=\d{1,32}$/);
    assert.equal(sts.wellKnownUrl, 'https://mta-sts.example.com/.well-known/mta-sts.txt');
    assert.equal(sts.wellKnownValue, 'version: STSv1\r\nmode: enforce\r\nmx: mx1.example.com\r\nmx: *.mail.example.com\r\nmax_age: 604800\r\n');
    const bad = await refusal(tools.generateMtaStsRecord({ generateMtaStsRecordOptions: {
      host: 'example.com', version: GenerateMtaStsRecordOptionsVersionEnum.STSv1, mode: GenerateMtaStsRecordOptionsModeEnum.ENFORCE,
      ttl: 300, maxAgeSeconds: 604800, mxRecords: [],
    } }));
    assert.equal(bad.status, 400);
    assert.match(bad.message, /^mxRecords:/);
  });

  test('generateTlsReportingRecord and generateBimiRecord; http URLs are refused where https is required', async () => {
    const tls = await tools.generateTlsReportingRecord({ generateTlsReportingRecordOptions: {
      host: 'example.com', version: GenerateTlsReportingRecordOptionsVersionEnum.TLSRPTv1, ttl: 3600,
      reportingAddresses: ['tls@example.com'], reportingUrl: 'https://reports.example.com/tlsrpt',
    } });
    assert.equal(tls.name, '_smtp._tls.example.com');
    assert.equal(tls.value, 'v=TLSRPTv1; rua=mailto:tls@example.com,https://reports.example.com/tlsrpt');
    const badTls = await refusal(tools.generateTlsReportingRecord({ generateTlsReportingRecordOptions: {
      host: 'example.com', version: GenerateTlsReportingRecordOptionsVersionEnum.TLSRPTv1, ttl: 3600,
      reportingAddresses: [], reportingUrl: 'http://reports.example.com/tlsrpt',
    } }));
    assert.equal(badTls.status, 400);
    assert.match(badTls.message, /^reportingUrl: must be an https URL/);

    const bimi = await tools.generateBimiRecord({ generateBimiRecordOptions: {
      domain: 'example.com', version: GenerateBimiRecordOptionsVersionEnum.BIMI1, logoUrl: 'https://example.com/logo.svg', vmcUrl: 'https://example.com/vmc.pem',
    } });
    assert.equal(bimi.name, 'default._bimi.example.com');
    assert.equal(bimi.value, 'v=BIMI1; l=https://example.com/logo.svg; a=https://example.com/vmc.pem');
    const badBimi = await refusal(tools.generateBimiRecord({ generateBimiRecordOptions: {
      domain: 'example.com', version: GenerateBimiRecordOptionsVersionEnum.BIMI1, logoUrl: 'http://example.com/logo.svg',
    } }));
    assert.equal(badBimi.status, 400);
    assert.match(badBimi.message, /^logoUrl:/);
  });

  test('analyzeEmailHeaders traces the Received hops oldest first with their delays and reads the verdicts', async () => {
    const result = await tools.analyzeEmailHeaders({ analyzeEmailHeadersOptions: { rawHeaders: HEADERS } });
    assert.deepEqual(result.receivedPath.map((h) => [h.from, h.by, h.withValue, h.delayMs ?? null]), [
      ['app.example.com', 'mx.example.net', 'ESMTP', null],
      ['mx.example.net', 'inbox.example.org', 'ESMTPS', 4000],
    ]);
    assert.equal(result.receivedPath[0]!.timestamp, '2024-03-05T18:00:01.000Z');
    assert.deepEqual({ ...result.summary }, {
      spf: 'pass', dkim: 'pass', dmarc: 'pass', fromDomain: 'example.com', returnPathDomain: 'mail.example.com',
    });
    assert.deepEqual(result.parsedHeaders['subject'], ['hello']);
    assert.equal(result.parsedHeaders['received']!.length, 2);
    assert.deepEqual(result.errors, []);
    const bad = await refusal(tools.analyzeEmailHeaders({ analyzeEmailHeadersOptions: { rawHeaders: 'no headers here' } }));
    assert.equal(bad.status, 400);
  });

  test('analyzeDmarcReport summarises XML, gzip and zip reports alike', async () => {
    const gz = Buffer.from(gzipSync(strToU8(REPORT_XML))).toString('base64');
    const zip = Buffer.from(zipSync({ 'google.com!example.com!1700000000!1700086399.xml': strToU8(REPORT_XML) })).toString('base64');
    for (const reportXml of [REPORT_XML, gz, zip]) {
      const r = await tools.analyzeDmarcReport({ analyzeDmarcReportOptions: { reportXml } });
      assert.equal(r.metadata.orgName, 'google.com');
      assert.equal(r.metadata.domain, 'example.com');
      assert.equal(r.metadata.policy, 'quarantine');
      assert.equal(r.metadata.dateRangeBegin?.toISOString(), new Date(1700000000 * 1000).toISOString());
      assert.deepEqual(
        [r.recordCount, r.totalMessages, r.noneCount, r.quarantineCount, r.rejectCount, r.dkimAlignedCount, r.spfAlignedCount, r.fullyAlignedCount, r.failedAlignmentCount],
        [3, 12, 9, 3, 0, 9, 9, 9, 3],
      );
      assert.deepEqual(r.topSources.map((s) => [s.sourceIp, s.count, s.disposition, s.dkimAligned, s.spfAligned]), [
        ['192.0.2.10', 9, 'none', true, true],
        ['198.51.100.5', 3, 'quarantine', false, false],
      ]);
    }
  });

  test('analyzeDmarcReport refuses malformed XML, a non-report and decompression bombs with a 400', async () => {
    const malformed = await refusal(tools.analyzeDmarcReport({ analyzeDmarcReportOptions: { reportXml: '<feedback><record></feedback>' } }));
    assert.equal(malformed.status, 400);
    assert.match(malformed.message, /not well-formed/);
    const other = await refusal(tools.analyzeDmarcReport({ analyzeDmarcReportOptions: { reportXml: '<html><body/></html>' } }));
    assert.equal(other.status, 400);
    const entity = await refusal(tools.analyzeDmarcReport({ analyzeDmarcReportOptions: { reportXml: '<!DOCTYPE feedback [<!ENTITY a "aaaa">]><feedback>&a;</feedback>' } }));
    assert.equal(entity.status, 400);
    // 64 MB of zeros compress to a few dozen KB: decompression must stop at the limit.
    const zeros = new Uint8Array(64 * 1024 * 1024);
    for (const reportXml of [Buffer.from(gzipSync(zeros, { level: 9 })).toString('base64'), Buffer.from(zipSync({ 'r.xml': zeros }, { level: 9 })).toString('base64')]) {
      const bomb = await refusal(tools.analyzeDmarcReport({ analyzeDmarcReportOptions: { reportXml } }));
      assert.equal(bomb.status, 400);
      assert.match(bomb.message, /larger than \d+ bytes once decompressed/);
    }
    const notBase64 = await refusal(tools.analyzeDmarcReport({ analyzeDmarcReportOptions: { reportXml: 'not a report!' } }));
    assert.equal(notBase64.status, 400);
  });

  test('checkEmailFeaturesClientSupport lists the features the HTML uses with their support', async () => {
    const { result } = await tools.checkEmailFeaturesClientSupport({ checkEmailFeaturesClientSupportOptions: {
      emailBody: '<html><body><div style="display:flex">hi</div></body></html>',
    } });
    // typed as a Set by the client, an array on the wire
    const detected = Array.from(result.detectedFeatures as Iterable<string>);
    assert.ok(detected.includes('css-display-flex'), detected.join(','));
    assert.ok(result.featureOverviews.some((o) => o.feature === 'css-display-flex'));
  });

  test('a fake email address receives real SMTP mail, readable by address and id, raw, and deleted', async () => {
    const { emailAddress } = await tools.createNewFakeEmailAddress();
    assert.match(emailAddress, /@/);
    assert.equal((await tools.getFakeEmailByEmailAddress({ emailAddress })).email ?? null, null);

    await transport.sendMail({
      from: 'Sender <sender@example.com>', to: emailAddress, subject: 'fake hello', text: 'plain body', html: '<p>html body</p>',
      attachments: [{ filename: 'note.txt', content: 'attached' }],
    });
    const inbox = await tenant.inboxApi.getInboxByEmailAddress({ emailAddress });
    await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.inboxId!, count: 1, timeout: 10_000 });

    const list = await tools.getFakeEmailsForAddress({ emailAddress });
    assert.equal(list.length, 1);
    assert.equal(list[0]!.subject, 'fake hello');
    assert.equal(list[0]!.hasAttachments, true);
    assert.equal(list[0]!.seen, false);
    assert.equal(list[0]!.sender?.emailAddress, 'sender@example.com');
    assert.deepEqual(await tools.getFakeEmailsForAddress({ emailAddress, page: 1 }), []);

    const byId = await tools.getFakeEmailById({ id: list[0]!.id });
    assert.equal(byId.email?.emailAddress, emailAddress);
    assert.equal(byId.email?.body, '<p>html body</p>');
    assert.equal(byId.email?.contentType, 'text/html');
    assert.deepEqual(byId.email?.attachmentNames, ['note.txt']);
    assert.equal(byId.email?.bodyUrl, `${server.url}/tools/fake-email/html?id=${list[0]!.id}`);
    const latest = await tools.getFakeEmailByEmailAddress({ emailAddress });
    assert.equal(latest.email?.id, list[0]!.id);
    assert.equal(latest.email?.seen, true);

    const raw = await tools.getFakeEmailRaw({ id: list[0]!.id });
    assert.match(raw, /^Subject: fake hello$/m);

    // An ordinary inbox is not a fake address.
    const ordinary = await tenant.mailslurp.createInbox();
    assert.equal((await refusal(tools.getFakeEmailsForAddress({ emailAddress: ordinary.emailAddress }))).status, 404);
    assert.equal((await refusal(tools.getFakeEmailsForAddress({ emailAddress: 'not an address' }))).status, 400);

    await tools.deleteNewFakeEmailAddress({ emailAddress });
    assert.equal((await refusal(tools.getFakeEmailByEmailAddress({ emailAddress }))).status, 404);
    assert.equal((await refusal(tools.getFakeEmailById({ id: list[0]!.id }))).status, 404);
  });
});
