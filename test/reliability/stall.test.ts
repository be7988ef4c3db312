import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dialects } from '../helpers/dialects.js';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { deepMultipart, deeplyNestedHtml, hugeHeaderBlock, manyAttachments, singleLineHtml } from './hostile-mime.js';

/** Ask /health one request after another until stopped; the latency of each, in ms. */
function probeHealth(url: string) {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return latencies;
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** Sends one raw message; resolves to the reply code (250 or the refusal's). */
async function send(server: TestServer, to: string, raw: Buffer): Promise<{ code: number; message: string }> {
  const transport = smtpTransport(server);
  try {
    const info = await transport.sendMail({ envelope: { from: 'attacker@example.com', to: [to] }, raw });
    return { code: Number(info.response.slice(0, 3)), message: info.response };
  } catch (err) {
    const { responseCode, response } = err as { responseCode?: number; response?: string };
    if (responseCode === undefined) throw err;
    return { code: responseCode, message: response ?? '' };
  } finally {
    transport.close();
  }
}

for (const dialect of dialects()) {
  describe(`hostile mail does not stall the server (${dialect})`, () => {
    let server: TestServer;
    let tenant: Tenant;
    // a short budget so the over-budget case is quick; the rest parse far within it
    before(async () => {
      // A budget a loaded CI machine (neighbouring test files burning both cores) does not
      // overrun by accident for the 3.2 MB HTML, nor for the nested HTML's second parse without
      // its derived text (4000 ms was overrun once, 8000 once); the nested HTML's derived text
      // overruns it many times over.
      server = await startTestServer(dialect, { env: { PIGEONHOLE_PARSE_TIMEOUT: '15000' } });
      tenant = await server.createTenant();
    });
    after(() => server.close());

    it('keeps /health answering (p99 under a second) while hostile mail is worked on, refuses permanent problems with 554, and takes normal mail meanwhile', { timeout: 120_000 }, async () => {
      const hostileInbox = await tenant.mailslurp.createInbox();
      const normalInbox = await tenant.mailslurp.createInbox();
      const to = hostileInbox.emailAddress!;
      // the first message after a start pays for loading code once (client and server): not measured
      assert.equal((await send(server, normalInbox.emailAddress!, rawMessage({ to: normalInbox.emailAddress!, subject: 'warm-up', body: 'hi' }))).code, 250);
      const probe = probeHealth(server.url);

      // one hostile message after another (one worker thread busy with them), while a second
      // sender's normal message goes through the other
      const hostile = (async () => {
        const codes: Record<string, { code: number; message: string }> = {};
        codes.html16 = await send(server, to, singleLineHtml(to, 1_600_000));
        codes.html32 = await send(server, to, singleLineHtml(to, 3_200_000));
        codes.nested = await send(server, to, deeplyNestedHtml(to, 240_000));
        codes.deep = await send(server, to, deepMultipart(to, 1000));
        codes.attachments = await send(server, to, manyAttachments(to, 5000));
        codes.headers = await send(server, to, hugeHeaderBlock(to, 2_000_000));
        return codes;
      })();
      const normal = (async () => {
        const started = performance.now();
        const reply = await send(server, normalInbox.emailAddress!, rawMessage({ to: normalInbox.emailAddress!, subject: 'normal', body: 'hello' }));
        return { ...reply, ms: performance.now() - started };
      })();
      const [codes, normalReply] = await Promise.all([hostile, normal]);
      const latencies = await probe.stop();

      assert.equal(normalReply.code, 250);
      assert.ok(normalReply.ms < 2000, `the normal message took ${Math.round(normalReply.ms)} ms`);
      assert.equal(codes.html16!.code, 250, codes.html16!.message);
      assert.equal(codes.html32!.code, 250, codes.html32!.message);
      assert.equal(codes.nested!.code, 250, codes.nested!.message);
      for (const [name, limit] of [['deep', 'PIGEONHOLE_MIME_MAX_DEPTH'], ['attachments', 'PIGEONHOLE_MIME_MAX_PARTS'], ['headers', 'header block']] as const) {
        assert.equal(codes[name]!.code, 554, `${name}: ${codes[name]!.message}`);
        assert.match(codes[name]!.message, new RegExp(limit));
      }
      const p99 = percentile(latencies, 99);
      assert.ok(latencies.length >= 20, `only ${latencies.length} /health answers`);
      // Work on the event loop would hold /health for seconds (the nested HTML runs past the 15 s
      // budget); a busy CI machine, with test files beside this one, adds hundreds of ms of noise.
      assert.ok(p99 < 1000, `/health p99 ${p99.toFixed(1)} ms over ${latencies.length} requests (max ${Math.max(...latencies).toFixed(1)} ms)`);

      const normalEmails = await tenant.inboxApi.getEmails({ inboxId: normalInbox.id! });
      assert.deepEqual(normalEmails.map((e) => e.subject).sort(), ['normal', 'warm-up']);
      const stored = await tenant.inboxApi.getEmails({ inboxId: hostileInbox.id! });
      assert.deepEqual(stored.map((e) => e.subject).sort(), ['html 1600000', 'html 3200000', 'nested html 240000']);
      const bySubject = (subject: string) => stored.find((e) => e.subject === subject)!.id!;
      // the converted text of the large HTML is there; the over-budget one says what it lacks
      const html16 = await tenant.mailslurp.getEmail(bySubject('html 1600000'));
      assert.match(html16.textExcerpt ?? '', /^a{20}/);
      assert.equal(html16.headers?.['X-Pigeonhole-Incomplete'], undefined);
      const nested = await tenant.mailslurp.getEmail(bySubject('nested html 240000'));
      assert.match(nested.headers?.['X-Pigeonhole-Incomplete'] ?? '', /PIGEONHOLE_PARSE_TIMEOUT/);
      assert.equal(nested.textExcerpt ?? '', '');

      // its HTML is as slow for the content operations: a 413 naming the budget, /health unaffected meanwhile
      const probeAgain = probeHealth(server.url);
      const lines = await tenant.fetch(`/emails/${bySubject('nested html 240000')}/textLines`);
      const again = await probeAgain.stop();
      assert.equal(lines.status, 413);
      assert.match(((await lines.json()) as { message: string }).message, /PIGEONHOLE_PARSE_TIMEOUT/);
      assert.ok(percentile(again, 99) < 1000, `/health p99 ${percentile(again, 99).toFixed(1)} ms while the HTML was worked on`);
    });

    it('answers an import over a MIME limit with 413 naming the limit', { timeout: 30_000 }, async () => {
      const inbox = await tenant.mailslurp.createInbox();
      for (const [raw, limit] of [
        [deepMultipart(inbox.emailAddress!, 1000), 'PIGEONHOLE_MIME_MAX_DEPTH'],
        [manyAttachments(inbox.emailAddress!, 5000), 'PIGEONHOLE_MIME_MAX_PARTS'],
      ] as const) {
        const response = await tenant.fetch(`/inboxes/${inbox.id}/emails/import/raw`, {
          method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: raw,
        });
        assert.equal(response.status, 413);
        const body = (await response.json()) as { message: string };
        assert.match(body.message, new RegExp(limit));
      }
      assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: inbox.id! })).totalElements, 0);
    });
  });
}
