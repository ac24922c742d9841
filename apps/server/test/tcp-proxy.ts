// A TCP relay in front of a real server (PostgreSQL in the tests), which a test can cut and
// restore: the network between the shop and its database failing, without touching a server
// other tests use.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Ends every relayed connection and refuses new ones (connection refused). */
  cut: () => Promise<void>;
  /** Listens again on the same port. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cut = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      // A peer that vanished: its connections reset, not closed politely.
      for (const socket of sockets) socket.resetAndDestroy();
    });
  return {
    port,
    cut,
    restore: () => (server.listening ? Promise.resolve() : listen(port)),
    close: cut,
  };
}
