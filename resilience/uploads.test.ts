// Anonymous uploads cannot exhaust the server's memory: 40 custom orders sent at once, each with
// 12 files of 8 MB of junk, raise the server's peak memory by less than 200 MB, and the catalogue
// keeps answering meanwhile, every read of it a 200. (Every file was held in memory before anything
// was checked: 40 such requests took the server from 1.2 to 3.8 GB and reads took 5 s.) How fast
// the reads are meanwhile is the benchmarks' to measure, not this test's.
// Half the requests' files start like a JPEG, so they pass the first-bytes check and are streamed
// to disk until the file limit refuses them; the other half are refused at their first bytes.
// The catalogue is read from a worker thread: this thread is busy writing 3.8 GB of junk, and its
// own delays would be counted as the server's.
import fs from 'node:fs';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, databaseUrl, startServer, type ServerProcess } from './harness.ts';

const JUNK = randomBytes(8 * 1024 * 1024 - 1024);
const JPEG_LIKE = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), JUNK.subarray(4)]);
const BOUNDARY = '----shop-junk-boundary';

let server: ServerProcess;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const created = await DIALECTS[0]!.create();
  cleanup = created.cleanup;
  server = await startServer({ DATABASE_URL: databaseUrl(created.target), DATA_DIR: created.dataDir });
});
afterAll(async () => {
  await server?.kill('SIGKILL');
  await cleanup?.();
});

/** The server's resident and peak memory in MB (Linux /proc). */
function memory(): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** A custom order of 12 junk files of 8 MB, written to the socket as it goes; resolves with the status (0 if cut). */
function junkOrder(file: Buffer): Promise<number> {
  const url = new URL(`${server.baseUrl}/api/Order`);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    const fields = ['customer_name', 'Junk', 'customer_phone', '0555123456']
      .reduce<string[]>((parts, value, i, all) => {
        if (i % 2 === 0)
          parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${value}"\r\n\r\n${all[i + 1]}\r\n`);
        return parts;
      }, [])
      .join('');
    request.write(fields);
    let sent = 0;
    const next = () => {
      if (sent === 12 || request.destroyed) {
        request.end(`--${BOUNDARY}--\r\n`);
        return;
      }
      sent++;
      request.write(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="reference_image_front"; filename="${sent}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      request.write(file);
      if (request.write('\r\n')) setImmediate(next);
      else request.once('drain', next);
    };
    next();
  });
}

/**
 * Reads the catalogue once to warm up (its first fetch sets up the thread's HTTP client) and says
 * 'ready', then every 20 ms until told to stop, then posts the statuses it was answered.
 */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
let reading = true;
parentPort.once('message', () => { reading = false; });
(async () => {
  await (await fetch(workerData)).arrayBuffer();
  parentPort.postMessage('ready');
  const statuses = [];
  while (reading) {
    const res = await fetch(workerData);
    await res.arrayBuffer();
    statuses.push(res.status);
    await new Promise((r) => setTimeout(r, 20));
  }
  parentPort.postMessage(statuses);
})();
`;

describe('anonymous uploads', () => {
  it('40 orders of 12 × 8 MB of junk at once: memory stays flat, the catalogue keeps answering', async () => {
    // Warm up: the first reads compile and cache what they need.
    for (let i = 0; i < 5; i++) await fetch(`${server.baseUrl}/api/product/getAll?page=1&limit=16`);
    const before = memory();

    const reader = new Worker(READER, {
      eval: true,
      workerData: `${server.baseUrl}/api/product/getAll?page=1&limit=16`,
    });
    await new Promise((resolve) => reader.once('message', resolve));
    const reads = new Promise<number[]>((resolve) => reader.once('message', resolve));
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => junkOrder(i % 2 === 0 ? JPEG_LIKE : JUNK)));
    reader.postMessage('stop');
    const answered = await reads;
    await reader.terminate();

    const after = memory();
    // Refused (not an image, or too many files) or their connection cut; nothing stored.
    expect(statuses.filter((s) => s !== 400 && s !== 422 && s !== 0)).toEqual([]);
    expect(statuses).toContain(400);
    expect(after.peak - before.rss).toBeLessThan(200);
    // Read again and again while the junk was coming, each time answered.
    expect(answered.length).toBeGreaterThan(3);
    expect(answered.filter((status) => status !== 200)).toEqual([]);
  });
});
