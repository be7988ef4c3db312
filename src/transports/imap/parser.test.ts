import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ImapSyntaxError, inSequenceSet, isSequenceSet, parseCommand, parseSequenceSet } from './parser.js';
import { CommandFramer } from './framer.js';

const parse = (text: string) => parseCommand(Buffer.from(text, 'utf8'));

test('a command is a tag, an upper-cased name and its arguments', () => {
  assert.deepEqual(parse('a1 login joe secret'), {
    tag: 'a1', name: 'LOGIN', args: [{ type: 'atom', value: 'joe' }, { type: 'atom', value: 'secret' }],
  });
  assert.deepEqual(parse('x NOOP'), { tag: 'x', name: 'NOOP', args: [] });
});

test('quoted strings unescape \\" and \\\\ and may hold spaces and UTF-8', () => {
  const { args } = parse('a LOGIN "jo e" "p\\"a\\\\ss wörd"');
  assert.deepEqual(args, [{ type: 'string', value: 'jo e' }, { type: 'string', value: 'p"a\\ss wörd' }]);
});

test('literals carry exact bytes, CRLF included, synchronising or not', () => {
  const { args } = parse('a LOGIN {4}\r\nj\r\no {3+}\r\n"x)');
  assert.deepEqual(args, [{ type: 'string', value: 'j\r\no' }, { type: 'string', value: '"x)' }]);
});

test('lists nest, NIL is its own token, and FETCH sections stay one atom', () => {
  const { args } = parse('a FETCH 1:* (UID BODY.PEEK[HEADER.FIELDS (From To)]<0.100> (x NIL))');
  assert.deepEqual(args, [
    { type: 'atom', value: '1:*' },
    { type: 'list', items: [
      { type: 'atom', value: 'UID' },
      { type: 'atom', value: 'BODY.PEEK[HEADER.FIELDS (From To)]<0.100>' },
      { type: 'list', items: [{ type: 'atom', value: 'x' }, { type: 'nil' }] },
    ] },
  ]);
});

test('LIST wildcards are atom characters', () => {
  assert.deepEqual(parse('a LIST "" *').args[1], { type: 'atom', value: '*' });
  assert.deepEqual(parse('a LIST "" %').args[1], { type: 'atom', value: '%' });
});

test('malformed commands are syntax errors that keep the tag when there is one', () => {
  const cases: Array<[string, string | undefined]> = [
    ['a LOGIN "unterminated', 'a'], ['a FETCH 1 (FLAGS', 'a'], ['a LOGIN {5}\r\nab', 'a'],
    ['a LOGIN  two-spaces', 'a'], ['a FETCH 1 BODY[TEXT', 'a'], ['', undefined],
  ];
  for (const [text, tag] of cases) {
    assert.throws(() => parse(text), (err: unknown) => err instanceof ImapSyntaxError && err.tag === tag, text);
  }
});

test('sequence sets: ranges, lists, * and reversed ranges', () => {
  const set = parseSequenceSet('1:3,5,9:*');
  assert.deepEqual([1, 2, 3, 4, 5, 8, 9, 12].filter((n) => inSequenceSet(set, n, 12)), [1, 2, 3, 5, 9, 12]);
  assert.equal(inSequenceSet(parseSequenceSet('4:2'), 3, 10), true);
  // n:* with n past the end still names the last message (RFC 3501 §6.4.8)
  assert.equal(inSequenceSet(parseSequenceSet('20:*'), 7, 7), true);
  for (const bad of ['0', '1:', ',1', '1::2', 'a', '1,2,']) assert.equal(isSequenceSet(bad), false, bad);
  assert.throws(() => parseSequenceSet('0:2'), ImapSyntaxError);
});

test('the framer joins literals into one command and asks for synchronising ones', () => {
  const commands: string[] = [];
  let continues = 0;
  const framer = new CommandFramer({
    onCommand: (line) => commands.push(line.toString('utf8')),
    onContinue: () => continues++,
    onTooLong: () => commands.push('TOO LONG'),
  }, 100);
  framer.push(Buffer.from('a LOGIN {3}\r\n'));
  assert.equal(continues, 1);
  assert.deepEqual(commands, []);
  framer.push(Buffer.from('j\r\n {2+}\r\npw\r\nb NO'));
  framer.push(Buffer.from('OP\r\n'));
  assert.deepEqual(commands, ['a LOGIN {3}\r\nj\r\n {2+}\r\npw', 'b NOOP']);
  assert.equal(continues, 1, 'a non-synchronising literal is sent without waiting');
  framer.push(Buffer.from('c LOGIN {500}\r\n'));
  framer.push(Buffer.from('d NOOP\r\n'));
  assert.deepEqual(commands.slice(2), ['TOO LONG', 'd NOOP']);
});

test('flags are atoms starting with a backslash', () => {
  assert.deepEqual(parse('A STORE 1 +FLAGS (\\Seen \\Deleted)').args[2], {
    type: 'list', items: [{ type: 'atom', value: '\\Seen' }, { type: 'atom', value: '\\Deleted' }],
  });
});
