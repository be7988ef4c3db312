/**
 * A discard-only SMTP server: the local ceiling of the benchmark. It answers every command
 * at once, reads DATA up to the terminating dot, stores nothing and counts messages. Run as
 * a forked child (`fork('bench/sink.ts')`): it sends `{ port }` once listening and answers a
 * `'count'` message with `{ count }`.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

const END = Buffer.from('\r\n.\r\n');
let count = 0;

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  let inData = false;
  let pending = '';
  let tail = Buffer.alloc(0);
  socket.write('220 sink ESMTP\r\n');
  const onCommand = (line: string) => {
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === 'EHLO') socket.write('250-sink\r\n250 PIPELINING\r\n');
    else if (verb === 'DATA') {
      inData = true;
      tail = Buffer.from('\r\n');
      socket.write('354 go ahead\r\n');
    } else if (verb === 'QUIT') socket.end('221 bye\r\n');
    else socket.write('250 ok\r\n');
  };
  socket.on('data', (chunk: Buffer) => {
    let rest = chunk;
    while (rest.length > 0) {
      if (inData) {
        // the terminator may straddle chunks: search the last bytes of the previous chunk too
        const window = Buffer.concat([tail, rest]);
        const at = window.indexOf(END);
        if (at < 0) {
          tail = window.subarray(Math.max(0, window.length - (END.length - 1)));
          return;
        }
        inData = false;
        count++;
        socket.write('250 discarded\r\n');
        rest = window.subarray(at + END.length);
        continue;
      }
      pending += rest.toString('latin1');
      rest = Buffer.alloc(0);
      let end: number;
      while (!inData && (end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        onCommand(line);
      }
      if (inData && pending.length > 0) {
        rest = Buffer.from(pending, 'latin1');
        pending = '';
      }
    }
  });
  socket.on('error', () => socket.destroy());
});

server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('message', (message) => {
  if (message === 'count') process.send?.({ count });
});
process.on('disconnect', () => process.exit(0));
