import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { PromptSMTPServer, assertUpstreamShape, codeShape } from './prompt-greeting.js';

const options = { logger: false, disableReverseLookup: true, authOptional: true } as const;

async function listening(server: SMTPServer): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return (server.server.address() as AddressInfo).port;
}

/** Connects and collects what the server writes. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const greeting = new Promise<string>((resolve) => socket.on('data', () => received.includes('\r\n') && resolve(received)));
  return { socket, greeting, received: () => received };
}

/** Hangs up first so close() has no session to wait for, then restores the real timers. */
async function stop(server: SMTPServer, socket: net.Socket) {
  socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  mock.timers.reset();
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

// setTimeout is frozen in these tests: a greeting that arrives at all did not wait on a timer.
test('the greeting arrives without any timer running', { timeout: 10_000 }, async (t) => {
  mock.timers.enable({ apis: ['setTimeout'] });
  const server = new PromptSMTPServer(options);
  const client = await connect(await listening(server));
  t.after(() => stop(server, client.socket));
  assert.match(await client.greeting, /^220 /);
});

test('upstream smtp-server holds the greeting until its 100 ms timer fires (what the override removes)', { timeout: 10_000 }, async (t) => {
  mock.timers.enable({ apis: ['setTimeout'] });
  const server = new SMTPServer(options);
  const client = await connect(await listening(server));
  t.after(() => stop(server, client.socket));
  while (server.connections.size === 0) await turns(1);
  await turns(20);
  assert.equal(client.received(), '', 'no greeting while the timer is pending');
  mock.timers.tick(100);
  assert.match(await client.greeting, /^220 /);
});

test('the upstream-shape guard ignores formatting and comments but rejects changed code', () => {
  const upstream = 'init() {\n  // a small delay\n  let timer = setTimeout(() => this.ready(), 100);\n}';
  const source = (text: string) => ({ toString: () => text });
  assert.equal(codeShape('a  b\n// x\n/* y */c'), 'abc');
  assert.doesNotThrow(() => assertUpstreamShape('reformatted', source('init(){ /* x */ let timer=setTimeout(()=>this.ready(),100); }'), upstream));
  assert.throws(
    () => assertUpstreamShape('changed', source('init() { let timer = setTimeout(() => this.ready(), 50); }'), upstream),
    /exact version pinned in package\.json/,
  );
});
