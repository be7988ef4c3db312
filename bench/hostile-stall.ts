/**
 * How long each hostile message holds the server: sends it alone over SMTP while /health is
 * asked one request after another, and prints the reply code, the time to the reply and the
 * longest /health answer (≈ how long the event loop was blocked). Both databases when
 * PIGEONHOLE_TEST_DATABASE_URL is set. Usage: node --import tsx bench/hostile-stall.ts
 */
import { dialects } from '../test/helpers/dialects.js';
import { startTestServer, type TestServer } from '../test/helpers/server.js';
import { rawMessage, smtpTransport } from '../test/helpers/smtp.js';
import { deepMultipart, hugeHeaderBlock, manyAttachments, singleLineHtml } from '../test/reliability/hostile-mime.js';

async function send(server: TestServer, to: string, raw: Buffer): Promise<string> {
  const transport = smtpTransport(server);
  try {
    return (await transport.sendMail({ envelope: { from: 'bench@example.com', to: [to] }, raw })).response.slice(0, 3);
  } catch (err) {
    return String((err as { responseCode?: number }).responseCode ?? (err as Error).message);
  } finally {
    transport.close();
  }
}

for (const dialect of dialects()) {
  const server = await startTestServer(dialect);
  const tenant = await server.createTenant();
  const inbox = await tenant.mailslurp.createInbox();
  const to = inbox.emailAddress!;
  await send(server, to, rawMessage({ to, subject: 'warm-up', body: 'hi' }));
  const cases: Array<[string, Buffer]> = [
    ['html 1.6 MB', singleLineHtml(to, 1_600_000)],
    ['html 3.2 MB', singleLineHtml(to, 3_200_000)],
    ['multipart 1,000 deep', deepMultipart(to, 1000)],
    ['5,000 attachments', manyAttachments(to, 5000)],
    ['2 MB header block', hugeHeaderBlock(to, 2_000_000)],
  ];
  for (const [name, raw] of cases) {
    let running = true;
    let longest = 0;
    const probe = (async () => {
      while (running) {
        const started = performance.now();
        // a kept-alive connection the blocked server closed: counted as the wait it was
        await fetch(`${server.url}/health`).then((r) => r.arrayBuffer(), () => undefined);
        longest = Math.max(longest, performance.now() - started);
      }
    })();
    const started = performance.now();
    const code = await send(server, to, raw);
    const took = performance.now() - started;
    running = false;
    await probe;
    console.log(`${dialect}\t${name}\treply ${code}\tin ${Math.round(took)} ms\tlongest /health ${Math.round(longest)} ms`);
  }
  await server.close();
}
