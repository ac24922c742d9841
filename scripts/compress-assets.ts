// Runs after vite build: writes a brotli (.br) and a gzip (.gz) copy beside every compressible
// file of the build, so the server sends them as they are (@fastify/static preCompressed)
// instead of compressing on every request. Usage: node scripts/compress-assets.ts [dir]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

const dir = path.resolve(process.argv[2] ?? 'apps/web/dist');

function* files(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let raw = 0;
let br = 0;
let gz = 0;
for (const file of files(dir)) {
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gzip = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, gzip);
  count++;
  raw += data.length;
  br += brotli.length;
  gz += gzip.length;
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
console.log(`compressed ${count} files in ${dir}: ${kb(raw)} → brotli ${kb(br)}, gzip ${kb(gz)}`);
