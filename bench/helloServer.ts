/**
 * A bare Fastify hello-world: the yardstick the tracking bench measures the product's endpoints against on
 * the same machine, in the same minutes, under the same autocannon settings (bench/trackingBench.ts). No
 * logger, no hooks, no plugins: GET / answers a constant JSON object.
 *
 * `node --import tsx bench/helloServer.ts <port>`; prints "listening" once it answers; stops on SIGTERM.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: helloServer.ts <port>');
  process.exit(2);
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

await app.listen({ host: '127.0.0.1', port });
console.log('listening');
