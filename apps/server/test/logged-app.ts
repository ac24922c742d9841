// A second app on a test context's database whose log the test reads, as production would write
// it (pino's JSON lines).
import { Writable } from 'node:stream';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/http/types.ts';
import type { TestContext } from './harness.ts';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface LoggedApp {
  app: App;
  lines: LogLine[];
  /** Everything written, as written. */
  raw: () => string;
}

export async function loggedApp(t: TestContext, level = 'warn'): Promise<LoggedApp> {
  const lines: LogLine[] = [];
  let raw = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const app = await buildApp({ config: t.config, db: t.db, logger: { level, stream } });
  await app.ready();
  return { app, lines, raw: () => raw };
}
