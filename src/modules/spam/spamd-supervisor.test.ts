import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { SpamdClient } from './spamd-client.js';
import { findSpamd, SpamdSupervisor, spamdFor } from './spamd-supervisor.js';

const client = new SpamdClient({ timeoutMs: 5_000, concurrency: 2 });

test('without spamd installed the state says so for good, naming the Debian package', async () => {
  const absent = new SpamdSupervisor({ executable: undefined, client, maxChildren: 1, runAsRoot: false });
  const state = await absent.whenReady(10);
  assert.equal(state.kind, 'unavailable');
  assert.match((state as { reason: string }).reason, /Debian package spamassassin/);
  assert.equal((state as { permanent?: boolean }).permanent, true);
});

test('off and host:port need no process', async () => {
  assert.match(JSON.stringify(await spamdFor({ mode: 'off' }, client, false).whenReady(10)), /PIGEONHOLE_SPAMD=off/);
  assert.deepEqual(await spamdFor({ mode: 'remote', host: '127.0.0.1', port: 7830 }, client, false).whenReady(10),
    { kind: 'ready', address: { host: '127.0.0.1', port: 7830 } });
});

const supervisor = new SpamdSupervisor({ executable: findSpamd(process.env.PATH), client, maxChildren: 1, runAsRoot: process.getuid?.() === 0 });
after(() => supervisor.stop());

test('a supervised spamd answers, is started again when it dies, and is gone after stop', { skip: !findSpamd(process.env.PATH) && 'spamd is not installed' }, async () => {
  assert.equal(supervisor.state().kind, 'unavailable', 'not started before it is needed');
  const first = await supervisor.whenReady(60_000);
  assert.equal(first.kind, 'ready');
  const pid = supervisor.pid!;
  assert.ok(await client.ping((first as { address: { host: string; port: number } }).address));

  process.kill(-pid, 'SIGKILL');
  // the next readiness is the restarted spamd's
  await new Promise<void>((resolve) => { const check = () => (supervisor.state().kind === 'unavailable' ? resolve() : setImmediate(check)); check(); });
  await supervisor.ready();
  assert.notEqual(supervisor.pid, pid, 'a new spamd process');
  const second = supervisor.state() as { kind: string; address: { host: string; port: number } };
  assert.ok(await client.ping(second.address));

  const last = supervisor.pid!;
  await supervisor.stop();
  assert.throws(() => process.kill(last, 0), /ESRCH/, 'the process is gone');
  assert.equal(await client.ping(second.address), false);
});
