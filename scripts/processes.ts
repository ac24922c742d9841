// Child server processes for the benchmarks and the e2e and resilience harnesses: a free local
// port, and waiting until a child answers.
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `url` answers 2xx; fails if the child exits first or after `timeoutMs`, with what
 * the child printed when `output` is given.
 */
export async function waitFor(
  url: string,
  child: ChildProcess,
  timeoutMs = 60_000,
  output: () => string = () => '',
): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms\n${output()}`);
}
