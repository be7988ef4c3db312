import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AllowList, isLoopbackBind, nonPublicRange, outboundRule, parseAddress, type DnsLookup } from './outbound-targets.js';
import { EXCERPT_CHARS, postWebhook } from './webhook-http.js';

/** Every spelling of loopback the issue found reaching a local service, as URL hosts. */
export const LOOPBACK_SPELLINGS = [
  '127.0.0.1', 'localhost', '[::1]', '0.0.0.0', '[::ffff:127.0.0.1]', '2130706433', '0177.0.0.1', '127.1',
  '[0000:0000:0000:0000:0000:0000:0000:0001]', '[::127.0.0.1]', '[64:ff9b::7f00:1]', '0x7f.1', 'LOCALHOST.', 'api.localhost',
];

test('every literal spelling of loopback parses to a non-public address', () => {
  for (const host of LOOPBACK_SPELLINGS.filter((h) => !/localhost/i.test(h))) {
    assert.ok(parseAddress(host), host);
    assert.notEqual(nonPublicRange(host), null, host);
    // and the same once the WHATWG URL parser has normalised it, as requests see it
    assert.notEqual(nonPublicRange(new URL(`http://${host}/`).hostname), null, `${host} via URL`);
  }
  assert.equal(parseAddress('2130706433')!.address, '127.0.0.1');
  assert.equal(parseAddress('0177.0.0.1')!.address, '127.0.0.1');
  assert.equal(nonPublicRange('[::127.0.0.1]'), 'ipv4Compatible');
  assert.equal(nonPublicRange('[64:ff9b::7f00:1]'), 'rfc6052');
  assert.equal(nonPublicRange('::ffff:7f00:1'), 'ipv4Mapped');
});

test('private, link-local, CGNAT, multicast, mapped, compatible, NAT64 and other embedded forms are not public', () => {
  const nonPublic = [
    '10.1.2.3', '172.16.5.4', '192.168.0.10', '169.254.169.254', '100.64.0.1', '224.0.0.1', '239.255.255.250', '255.255.255.255',
    '0.0.0.0', '198.18.0.1', '240.0.0.1', 'fe80::1', 'fd00::5', 'fc00::1', 'ff02::1', '::', '::ffff:10.0.0.1', '::ffff:8.8.8.8',
    '::8.8.8.8', '64:ff9b::808:808', '64:ff9b:1::a00:1', '2002:7f00:1::1', '2001:0:4136:e378::1', '::ffff:0:7f00:1', 'fec0::1',
  ];
  for (const a of nonPublic) assert.notEqual(nonPublicRange(a), null, a);
  for (const a of ['8.8.8.8', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '2a00:1450:4001::1']) {
    assert.equal(nonPublicRange(a), null, a);
  }
  assert.equal(parseAddress('example.com'), null);
  assert.equal(nonPublicRange('example.com'), null, 'names are checked after resolution');
});

test('the allow list: names by host, addresses and ranges by the address connected to, optional ports', () => {
  const allow = AllowList.parse(['localhost:3000', 'hooks.internal', '10.1.0.0/16', '[::1]:8080', '127.0.0.2', 'fd00::/8']);
  assert.equal(allow.allowsName('localhost', 3000), true);
  assert.equal(allow.allowsName('LOCALHOST.', 3000), true);
  assert.equal(allow.allowsName('localhost', 3001), false);
  assert.equal(allow.allowsName('hooks.internal', 80), true);
  assert.equal(allow.allowsAddress('10.1.200.3', 443), true);
  assert.equal(allow.allowsAddress('::ffff:10.1.200.3', 443), true, 'the mapped form of a listed range');
  assert.equal(allow.allowsAddress('10.2.0.1', 443), false);
  assert.equal(allow.allowsAddress('::1', 8080), true);
  assert.equal(allow.allowsAddress('0:0:0:0:0:0:0:1', 8080), true);
  assert.equal(allow.allowsAddress('::1', 80), false);
  assert.equal(allow.allowsAddress('127.0.0.2', 1), true);
  assert.equal(allow.allowsAddress('127.0.0.1', 1), false);
  assert.equal(allow.allowsAddress('fd12::1', 1), true);
  assert.throws(() => AllowList.parse(['10.0.0.0/99', 'bad host', 'x:99999']), /cannot read "10.0.0.0\/99", "bad host", "x:99999"/);
});

test('the automatic rule: open on loopback with the admin only, blocked when bound elsewhere or shared; the setting overrides', async () => {
  for (const host of ['127.0.0.1', '::1', 'localhost', '127.0.0.5', '::ffff:127.0.0.1']) assert.equal(isLoopbackBind(host), true, host);
  for (const host of ['0.0.0.0', '::', '192.168.1.4', 'mail.example.com']) assert.equal(isLoopbackBind(host), false, host);
  let users = 1;
  const hasOtherUsers = async () => users > 1;
  const auto = outboundRule({ override: undefined, bindHost: '127.0.0.1', hasOtherUsers });
  assert.equal(await auto.blockPrivate(), false);
  assert.match(await auto.describe(), /allowed: loopback-bound, admin user only/);
  users = 2;
  assert.equal(await auto.blockPrivate(), true);
  assert.match(await auto.describe(), /refused: more users than the admin/);
  assert.equal(await outboundRule({ override: undefined, bindHost: '0.0.0.0', hasOtherUsers: async () => false }).blockPrivate(), true);
  const unknown = outboundRule({ override: undefined, bindHost: '127.0.0.1', hasOtherUsers: async () => { throw new Error('database down'); } });
  assert.equal(await unknown.blockPrivate(), true, 'users that cannot be counted: refused, not guessed open');
  assert.equal(await outboundRule({ override: false, bindHost: '0.0.0.0', hasOtherUsers }).blockPrivate(), false);
  assert.equal(await outboundRule({ override: true, bindHost: '127.0.0.1', hasOtherUsers: async () => false }).blockPrivate(), true);
});

async function serve(respond: (url: string) => { status: number; location?: string; body?: string }): Promise<{ url: string; port: number; hits: string[]; server: Server }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    request.resume();
    const { status, location, body } = respond(request.url ?? '');
    response.writeHead(status, location ? { location } : {}).end(body ?? 'secret answer');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, hits, server };
}
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

test('under the block every spelling, a name resolving to loopback and a redirect to loopback are refused before connecting', async () => {
  const local = await serve((url) => (url === '/jump' ? { status: 302, location: `http://127.0.0.1:${local.port}/inside` } : { status: 200 }));
  // A test resolver: these names resolve to loopback or private addresses, one to a public one.
  const lookup: DnsLookup = async (name) => {
    if (name === 'rebind.example') return [{ address: '127.0.0.1', family: 4 }];
    if (name === 'mixed.example') return [{ address: '93.184.215.14', family: 4 }, { address: '::1', family: 6 }];
    if (name === 'nat64.example') return [{ address: '64:ff9b::7f00:1', family: 6 }];
    if (name === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
  const options = { timeoutMs: 3000, blockPrivate: true, lookup };
  try {
    const hosts = [...LOOPBACK_SPELLINGS, 'rebind.example', 'mixed.example', 'nat64.example'];
    for (const host of hosts) {
      const attempt = await postWebhook({ url: `http://${host}:${local.port}/hook`, headers: {}, body: '{}' }, options);
      assert.equal(attempt.status, null, host);
      assert.match(attempt.error ?? '', /^target refused: /, host);
    }
    assert.deepEqual(local.hits, [], 'nothing reached the loopback receiver');

    // Without the block the same receiver is reached (the local use), through the redirect too.
    const open = await postWebhook({ url: `http://localhost:${local.port}/jump`, headers: {}, body: '{}' }, { ...options, blockPrivate: false });
    assert.equal(open.status, 200);
    assert.deepEqual(local.hits, ['/jump', '/inside']);

    // An allow-listed name is resolved and connected to the checked address.
    const allowed = await postWebhook({ url: `http://localhost:${local.port}/ok`, headers: {}, body: '{}' },
      { ...options, allow: AllowList.parse([`localhost:${local.port}`]) });
    assert.equal(allowed.status, 200);
    // An allowed first hop redirecting to a loopback address that is not listed is refused at that hop.
    const hop = await postWebhook({ url: `http://localhost:${local.port}/jump`, headers: {}, body: '{}' },
      { ...options, allow: AllowList.parse([`localhost:${local.port}`]) });
    assert.equal(hop.status, null);
    assert.match(hop.error ?? '', /target refused: 127\.0\.0\.1 is a private address \(loopback\)/);
    assert.deepEqual(local.hits, ['/jump', '/inside', '/ok', '/jump']);
  } finally {
    await close(local.server);
  }
});

test('the pinned lookup: the request connects to the address that was checked, not a second answer', async () => {
  const local = await serve(() => ({ status: 200 }));
  let calls = 0;
  // First answer allow-listed (127.0.0.1 by range), any later answer would be somewhere else.
  const lookup: DnsLookup = async () => (++calls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '192.0.2.1', family: 4 }]);
  try {
    const attempt = await postWebhook({ url: `http://receiver.example:${local.port}/`, headers: {}, body: '{}' },
      { timeoutMs: 3000, blockPrivate: true, lookup, allow: AllowList.parse(['127.0.0.1']) });
    assert.equal(attempt.status, 200);
    assert.equal(calls, 1, 'resolved once, for the check');
    assert.deepEqual(local.hits, ['/']);
  } finally {
    await close(local.server);
  }
});

test(`an answer is echoed as its first ${EXCERPT_CHARS} characters only`, async () => {
  const local = await serve(() => ({ status: 200, body: 'x'.repeat(5000) }));
  try {
    const attempt = await postWebhook({ url: `${local.url}/`, headers: {}, body: '{}' }, { timeoutMs: 3000, blockPrivate: false });
    assert.equal(attempt.bodyExcerpt, 'x'.repeat(EXCERPT_CHARS));
  } finally {
    await close(local.server);
  }
});
