// A local S3-compatible server for tests (s3rver, from the npm registry), over real HTTP on a free
// loopback port, with one bucket; its objects live in a temporary folder removed by stop().
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

interface S3rverInstance {
  run: () => Promise<AddressInfo>;
  close: () => Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

// s3rver is CommonJS without type declarations: its constructor is typed here.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver's fixed credentials (it checks request signatures against them). */
export const S3_TEST_ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that put a shop's images in this bucket (path-style, as s3rver needs). */
  env: Record<string, string>;
  /** Where the bucket's objects are stored, one file each, for a test to look at. */
  directory: string;
  stop: () => Promise<void>;
}

export async function startTestS3(bucket = 'shop-images'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: S3_TEST_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      // Clients keep their connections alive: closing would wait for them.
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
