import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loggerOptions, redactUrl } from './logger.js';

test('redactUrl hides the value of an apiKey query parameter and keeps the rest as it was', () => {
  assert.equal(redactUrl('/inboxes?apiKey=ph_secret&size=5'), '/inboxes?apiKey=[redacted]&size=5');
  assert.equal(redactUrl('/inboxes?size=5&apiKey=ph_secret'), '/inboxes?size=5&apiKey=[redacted]');
  assert.equal(redactUrl('/a?apiKey=one&apiKey=two'), '/a?apiKey=[redacted]&apiKey=[redacted]');
  assert.equal(redactUrl('/a?APIKEY=x&api_key=y&api-key=z&%61piKey=w'), '/a?APIKEY=[redacted]&api_key=[redacted]&api-key=[redacted]&%61piKey=[redacted]');
  assert.equal(redactUrl('/a?q=apiKey%3Dnot-a-key&tags=a,b#f'), '/a?q=apiKey%3Dnot-a-key&tags=a,b#f');
  assert.equal(redactUrl('/inboxes'), '/inboxes');
  assert.equal(redactUrl('/a?%E0%A4%A=1&apiKey=k'), '/a?%E0%A4%A=1&apiKey=[redacted]');
});

test('the request serializer logs the URL without the key', () => {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) });
  const log = pino(loggerOptions('info'), sink);
  log.info({ req: { method: 'GET', url: '/inboxes?apiKey=ph_secret_value', headers: { 'x-api-key': 'ph_header_value' }, ip: '127.0.0.1' } }, 'incoming request');
  const line = JSON.parse(lines.join('')) as { req: { url: string; method: string; remoteAddress: string } };
  assert.equal(line.req.url, '/inboxes?apiKey=[redacted]');
  assert.equal(line.req.method, 'GET');
  assert.equal(line.req.remoteAddress, '127.0.0.1');
  assert.ok(!lines.join('').includes('ph_secret_value') && !lines.join('').includes('ph_header_value'));
});
