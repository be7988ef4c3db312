/**
 * The ceiling of the HTTP API benchmark: a Fastify hello-world (`GET /` → `{"hello":"world"}`,
 * no logger, no plugins) on this machine. Run as a forked child
 * (`fork('bench/hello-server.ts')`), so it has its own thread apart from the load generator;
 * it sends `{ port }` once listening and exits when its IPC channel closes.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('disconnect', () => process.exit(0));
