import { test } from 'node:test';
import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { AllowList } from '../../jobs/outbound-targets.js';
import { isParsed, parseMailbox } from './address-syntax.js';
import { entropyOf } from './intelligence.js';
import { refusalOf } from './mail-hosts.js';
import { SmtpDialogue } from './smtp-dialogue.js';

test('parseMailbox takes dot-atom and quoted local parts and refuses what SMTP cannot carry', () => {
  const ok = parseMailbox(' Alice.B+tag@Example.COM ');
  assert.ok(isParsed(ok));
  assert.deepEqual([ok.address, ok.localPart, ok.domain], ['Alice.B+tag@example.com', 'Alice.B+tag', 'example.com']);
  assert.ok(isParsed(parseMailbox('"a b"@example.com')));
  const literal = parseMailbox('x@[192.0.2.1]');
  assert.ok(isParsed(literal) && literal.literal === '192.0.2.1');
  for (const bad of ['plain', '@example.com', 'a@', 'a..b@example.com', 'a@localhost', 'a@ex_ample.com', 'a@example.123', `${'x'.repeat(65)}@example.com`, 'a\r\nDATA@example.com']) {
    assert.ok(!isParsed(parseMailbox(bad)), bad);
  }
});

test('entropyOf counts bits per character', () => {
  assert.equal(entropyOf('aaaa'), 0);
  assert.equal(entropyOf('abcd'), 2);
  assert.ok(entropyOf('x7q9zk2mw4pv8rj') > 3.3);
  assert.ok(entropyOf('johnsmith') < 3.3);
});

test('refusalOf follows the webhook target policy', async () => {
  assert.equal(await refusalOf({ blockPrivate: false }, 'mx', '10.0.0.1', 25), null);
  assert.match((await refusalOf({ blockPrivate: true }, 'mx', '10.0.0.1', 25))!, /non-public address \(private\)/);
  assert.equal(await refusalOf({ blockPrivate: async () => true, allow: AllowList.parse(['10.0.0.0/8']) }, 'mx', '10.0.0.1', 25), null);
  assert.equal(await refusalOf({ blockPrivate: true }, 'mx', '8.8.8.8', 25), null);
});

test('SmtpDialogue reads multi-line replies and gives up on a silent server within its time limit', async () => {
  const server = net.createServer((socket) => {
    socket.write('220-first line\r\n220 ready\r\n');
    socket.on('data', (chunk) => {
      if (chunk.toString().startsWith('EHLO')) socket.write('250-hello\r\n250-SIZE 100\r\n250 8BITMIME\r\n');
      // anything else: no answer at all
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  try {
    const { dialogue, greeting } = await SmtpDialogue.open('127.0.0.1', port, { connectTimeoutMs: 2000, commandTimeoutMs: 300 });
    assert.deepEqual(greeting, { code: 220, lines: ['first line', 'ready'] });
    assert.deepEqual(await dialogue.command('EHLO me'), { code: 250, lines: ['hello', 'SIZE 100', '8BITMIME'] });
    await assert.rejects(dialogue.command('MAIL FROM:<a@b.c>', 'MAIL FROM'), /no reply to MAIL FROM within 300 ms/);
    await assert.rejects(dialogue.command('RCPT TO:<x\r\nDATA>'), /closed|no reply/);
    dialogue.close();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
