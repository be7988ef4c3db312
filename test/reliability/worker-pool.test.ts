import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TaskOverBudget, WorkerPool, workerModule } from '../../src/core/worker-pool.js';
import { INCOMPLETE_HEADER, mailWorkersReady, MessageParser, startMailWorkers } from '../../src/modules/email/parser.js';
import { HtmlWork } from '../../src/modules/email/html-work.js';
import { AppError } from '../../src/core/errors.js';
import { MessageRefused } from '../../src/modules/email/mime-limits.js';
import { deepMultipart, deeplyNestedHtml, hugeHeaderBlock, manyAttachments, singleLineHtml } from './hostile-mime.js';

describe('WorkerPool budget', () => {
  const pool = new WorkerPool({ file: workerModule(import.meta.url, 'fixtures/spin-worker'), threads: 1 });
  before(() => pool.warm({ spinMs: 0, answer: 'warm' }));
  after(() => pool.close());

  it('answers a task within its budget', async () => {
    assert.equal(await pool.run<string>({ spinMs: 10, answer: 'done' }, 5000), 'done');
  });

  it('cuts a task over its budget, reports it, and keeps serving', async () => {
    const started = performance.now();
    await assert.rejects(pool.run({ spinMs: 60_000, answer: 'never' }, 300), (err) => err instanceof TaskOverBudget && err.budgetMs === 300);
    const took = performance.now() - started;
    assert.ok(took < 5000, `the cut took ${Math.round(took)} ms`);
    // the terminated thread is replaced
    assert.equal(await pool.run({ spinMs: 0, answer: 'after' }, 30_000), 'after');
  });

  it('keeps the event loop free while a task spins', async () => {
    const task = pool.run({ spinMs: 500, answer: 'slow' }, 5000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await task;
    clearInterval(timer);
    assert.ok(ticks >= 20, `only ${ticks} timer ticks while the worker spun 500 ms`);
  });
});

describe('WorkerPool after a thread is lost', () => {
  const pool = new WorkerPool({ file: workerModule(import.meta.url, 'fixtures/slow-start-worker'), threads: 1 });
  before(() => pool.warm({ spinMs: 0, answer: 'warm' }));
  after(() => pool.close());

  it("does not count the replacement thread's start against the next task's budget", async () => {
    await assert.rejects(pool.run({ spinMs: 60_000, answer: 'never' }, 300), TaskOverBudget);
    // the replacement takes 800 ms to load, longer than this task's whole budget
    assert.equal(await pool.run<string>({ spinMs: 10, answer: 'next' }, 400), 'next');
  });
});

describe('MessageParser on worker threads', () => {
  const workers = startMailWorkers(1);
  const parser = new MessageParser({ timeoutMs: 1500, limits: { maxDepth: 50, maxParts: 1000 } }, workers);
  // For work that must succeed: a budget a loaded CI machine cannot run past by accident, and
  // which work that grew quadratically with its input would still overrun by minutes.
  const patient = new MessageParser({ timeoutMs: 20_000, limits: { maxDepth: 50, maxParts: 1000 } }, workers);
  before(() => mailWorkersReady(workers));
  after(() => workers.close());

  it('derives the text of large single-line HTML within the budget', async () => {
    const parsed = await patient.parse(singleLineHtml('a@example.com', 1_600_000));
    assert.equal(parsed.textBody, 'a'.repeat(200_000));
    assert.ok(!parsed.headers.some(([name]) => name === INCOMPLETE_HEADER));
  });

  it('stores HTML over the budget without its derived text, saying so in a header', async () => {
    const parsed = await parser.parse(deeplyNestedHtml('a@example.com', 160_000));
    assert.equal(parsed.textBody, '');
    assert.ok(parsed.htmlBody!.startsWith('<div><div>'));
    const [, why] = parsed.headers.find(([name]) => name === INCOMPLETE_HEADER)!;
    assert.match(why, /1500 ms \(PIGEONHOLE_PARSE_TIMEOUT\)/);
  });

  it('refuses messages over the MIME limits, naming the limit', async () => {
    await assert.rejects(parser.parse(deepMultipart('a@example.com', 1000)), (err) => err instanceof MessageRefused && /PIGEONHOLE_MIME_MAX_DEPTH/.test(err.message));
    await assert.rejects(parser.parse(manyAttachments('a@example.com', 5000)), (err) => err instanceof MessageRefused && /PIGEONHOLE_MIME_MAX_PARTS/.test(err.message));
    await assert.rejects(parser.parse(hugeHeaderBlock('a@example.com', 2_000_000)), (err) => err instanceof MessageRefused && /header block/.test(err.message));
  });

  it('takes messages at the limits', async () => {
    const deep = await parser.parse(deepMultipart('a@example.com', 50));
    assert.equal(deep.textBody?.trim(), 'hi');
    const many = await parser.parse(manyAttachments('a@example.com', 999));
    assert.equal(many.attachments.length, 999);
    assert.ok(Buffer.isBuffer(many.attachments[0]!.content));
    assert.equal(many.attachments[0]!.content.toString(), 'AAAA');
  });
});

describe('HtmlWork on worker threads', () => {
  const workers = startMailWorkers(1);
  const html = new HtmlWork(workers, 1500);
  // for answers that do not depend on speed (see the parser suite's `patient`)
  const patient = new HtmlWork(workers, 20_000);
  before(() => mailWorkersReady(workers));
  after(() => workers.close());

  it('answers within the budget, as on the calling thread', async () => {
    assert.deepEqual(await html.links('<p><a href="https://example.com/a">a</a></p>'), ['https://example.com/a']);
    assert.deepEqual(await html.lines('<p>one</p><p>two</p>', null, true), ['one', 'two']);
  });

  it('is a 413 naming the budget when the HTML takes longer, and a 400 for a bad selector', async () => {
    const nested = `${'<div>'.repeat(160_000)}x`;
    await assert.rejects(html.lines(nested, null, true), (err) => err instanceof AppError && err.code === 'TOO_LARGE' && /PIGEONHOLE_PARSE_TIMEOUT/.test(err.message));
    await assert.rejects(patient.select('<p>x</p>', 'p[['), (err) => err instanceof AppError && err.code === 'BAD_REQUEST');
  });
});

describe('WorkerPool queue', () => {
  const pool = new WorkerPool({ file: workerModule(import.meta.url, 'fixtures/spin-worker'), threads: 1 });
  before(() => pool.warm({ spinMs: 0, answer: 'warm' }));
  after(() => pool.close());

  it('counts the budget from when a thread takes the task, not while it waits for one', async () => {
    // the second task waits ~600 ms behind the first, longer than its own 400 ms budget
    const first = pool.run<string>({ spinMs: 600, answer: 'first' }, 5000);
    const second = pool.run<string>({ spinMs: 10, answer: 'second' }, 400);
    assert.deepEqual(await Promise.all([first, second]), ['first', 'second']);
  });
});
