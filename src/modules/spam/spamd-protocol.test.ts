import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseReportRules, parseSpamdReply, parseSpamHeader, spamdRequest, SpamdProtocolError, verdictOf } from './spamd-protocol.js';

// A REPORT reply as spamd 4.0.1 wrote it for a GTUBE message (the description of one rule made long to wrap).
const REPORT_REPLY = [
  'SPAMD/1.1 0 EX_OK',
  'Content-length: 600',
  'Spam: True ; 1004.2 / 5.0',
  '',
  'Spam detection software, running on the system "vm",',
  'has identified this incoming email as possible spam.',
  '',
  'Content preview:  XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X',
  '',
  'Content analysis details:   (1004.2 points, 5.0 required)',
  '',
  ' pts rule name              description',
  '---- ---------------------- --------------------------------------------------',
  ' 2.7 MISSING_DATE           Missing Date: header',
  '-0.0 NO_RECEIVED            Informational: message has no Received headers',
  '1000 GTUBE                  BODY: Generic Test for Unsolicited Bulk Email',
  ' 0.0 TVD_SPACE_RATIO        No description available.',
  '-1.9 BAYES_00               BODY: Bayes spam probability is 0 to 1%',
  '                            [score: 0.0000]',
  '',
].join('\r\n');

test('a request is the command line, Content-length and a blank line before the message', () => {
  const bytes = spamdRequest('REPORT', Buffer.from('Subject: x\r\n\r\nhi\r\n'));
  assert.equal(bytes.toString('latin1'), 'REPORT SPAMC/1.5\r\nContent-length: 18\r\n\r\nSubject: x\r\n\r\nhi\r\n');
  assert.equal(spamdRequest('PING').toString('latin1'), 'PING SPAMC/1.5\r\n\r\n');
});

test('a REPORT reply gives the verdict, the scores and every rule with its description', () => {
  const verdict = verdictOf(parseSpamdReply(Buffer.from(REPORT_REPLY)));
  assert.equal(verdict.isSpam, true);
  assert.equal(verdict.score, 1004.2);
  assert.equal(verdict.requiredScore, 5);
  assert.deepEqual(verdict.rules.map((r) => [r.name, r.score]), [
    ['MISSING_DATE', 2.7], ['NO_RECEIVED', -0], ['GTUBE', 1000], ['TVD_SPACE_RATIO', 0], ['BAYES_00', -1.9],
  ]);
  assert.equal(verdict.rules[2]!.description, 'BODY: Generic Test for Unsolicited Bulk Email');
  assert.equal(verdict.rules[3]!.description, null, 'no description is null, not spamd\'s placeholder');
  assert.equal(verdict.rules[4]!.description, 'BODY: Bayes spam probability is 0 to 1% [score: 0.0000]', 'a wrapped description is joined');
});

test('the Spam header reads False and negative scores too', () => {
  assert.deepEqual(parseSpamHeader('False ; -0.3 / 5.0'), { isSpam: false, score: -0.3, requiredScore: 5 });
  assert.throws(() => parseSpamHeader(undefined), SpamdProtocolError);
  assert.throws(() => parseSpamHeader('maybe'), SpamdProtocolError);
});

test('an error status or a reply that is not spamd\'s is refused with what came back', () => {
  assert.throws(() => verdictOf(parseSpamdReply(Buffer.from('SPAMD/1.0 76 Bad header line: (EOF)\r\n\r\n'))), /76 Bad header line/);
  assert.throws(() => parseSpamdReply(Buffer.from('HTTP/1.1 200 OK\r\n\r\n')), /not a spamd reply/);
  assert.deepEqual(parseReportRules('no table here'), []);
});
