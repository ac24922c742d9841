// The ceiling: a bare Fastify route answering {hello:'world'}, measured in the same run and on the
// same machine as the shop, so each scenario reads as a share of what Fastify alone can do.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
