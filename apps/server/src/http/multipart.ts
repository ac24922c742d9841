// Multipart requests (product images, a custom order's reference pictures), read so that no
// client can fill the server's memory: a file is streamed to a temporary file as it arrives, its
// first bytes must be those of an image and it may not pass 8 MB, only the file fields the route
// expects are accepted, and at most UPLOAD_SLOTS requests are read at once (the others wait, their
// bodies left in the network). 40 requests of junk at once took the server from 1.2 to 3.8 GB
// when every file was held in memory before anything was checked.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { HttpError, badRequest, type Bilingual } from './errors.ts';
import { NUL_MESSAGE } from './nul-guard.ts';

/** Uploads come from customers (custom orders) and from the owner (products). */
export const IMAGE_TOO_LARGE_MESSAGE: Bilingual = {
  fr: 'Image trop volumineuse (8 Mo au maximum)',
  en: 'Image too large (8 MB at most)',
};
export const NOT_AN_IMAGE_MESSAGE: Bilingual = {
  fr: "Le fichier n'est pas une image valide (JPEG, PNG, WebP, GIF ou AVIF)",
  en: 'The file is not a valid image (JPEG, PNG, WebP, GIF or AVIF)',
};
const UNEXPECTED_FILE_MESSAGE: Bilingual = {
  fr: 'Fichier inattendu dans la demande',
  en: 'Unexpected file in the request',
};
const TOO_MANY_FILES_MESSAGE: Bilingual = { fr: 'Trop de fichiers', en: 'Too many files' };

/** The temporary folders of requests being read (removed when stale: media/orphan-uploads.ts). */
export const UPLOAD_TEMP_PREFIX = 'shop-upload-';

/** Multipart requests read at the same time; the two cores also decode the pictures. */
export const UPLOAD_SLOTS = 2;

export interface UploadedFile {
  fieldname: string;
  filename: string;
  /** The temporary file holding it; removed when the request is done. */
  path: string;
  size: number;
}

export interface MultipartBody {
  fields: Record<string, string>;
  /** Fields that appeared several times (e.g. images[] or sizes[S]) keep every value here. */
  lists: Record<string, string[]>;
  files: UploadedFile[];
}

export interface FileRules {
  /** Whether a file field is one the route expects. */
  accepts: (fieldname: string) => boolean;
  maxFiles: number;
}

/** The first bytes of the image formats sharp decodes for us (media.service.ts). */
export function looksLikeImage(head: Buffer): boolean {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  return (
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    ascii(0, 6) === 'GIF87a' ||
    ascii(0, 6) === 'GIF89a' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') ||
    ascii(4, 8) === 'ftyp' ||
    ascii(0, 4) === 'II*\u0000' ||
    ascii(0, 4) === 'MM\u0000*'
  );
}

/** Runs at most UPLOAD_SLOTS multipart reads of this server at once (app.uploadSlots). */
export function createUploadSlots() {
  return pLimit(UPLOAD_SLOTS);
}

declare module 'fastify' {
  interface FastifyInstance {
    uploadSlots: ReturnType<typeof createUploadSlots>;
  }
}

/** Refuses a file whose first bytes are not an image's, and one that passes the size limit. */
function checkedImage(file: { truncated?: boolean }): Transform {
  let head = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < 16) {
        head = Buffer.concat([head, chunk]).subarray(0, 16);
        if (head.length >= 12 && !looksLikeImage(head)) return done(new HttpError(422, NOT_AN_IMAGE_MESSAGE));
      }
      done(null, chunk);
    },
    flush(done) {
      if (file.truncated) return done(new HttpError(413, IMAGE_TOO_LARGE_MESSAGE));
      if (head.length > 0 && !looksLikeImage(head)) return done(new HttpError(422, NOT_AN_IMAGE_MESSAGE));
      done();
    },
  });
}

/**
 * Streams one file part to `target` through the checks; resolves with its size. Any failure —
 * of the checks, of the client's stream or of the disk (full, say) — rejects, and the file
 * written so far is left for the request's folder to be removed.
 */
async function saveFile(file: NodeJS.ReadableStream & { truncated?: boolean }, target: string): Promise<number> {
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(file, checkedImage(file), count, fs.createWriteStream(target, { flags: 'wx' }));
  return size;
}

async function readParts(request: FastifyRequest, rules: FileRules, dir: string): Promise<MultipartBody> {
  const body: MultipartBody = { fields: {}, lists: {}, files: [] };
  // Every file part gets its own name, empty ones too (an empty part is skipped, not numbered).
  let parts = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!rules.accepts(part.fieldname)) throw badRequest(UNEXPECTED_FILE_MESSAGE);
        if (body.files.length >= rules.maxFiles) throw badRequest(TOO_MANY_FILES_MESSAGE);
        const target = path.join(dir, String(parts++));
        const size = await saveFile(part.file, target);
        if (size > 0) body.files.push({ fieldname: part.fieldname, filename: part.filename, path: target, size });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) throw new HttpError(400, NUL_MESSAGE);
        body.fields[part.fieldname] = value;
        (body.lists[part.fieldname] ??= []).push(value);
      }
    }
  } catch (error) {
    // Ours, or the system's (the disk is full): not the client's fault, so not a 4xx.
    if (error instanceof HttpError || (error as { syscall?: string }).syscall) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest('Too many fields or files');
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('Expected a multipart/form-data body');
    throw badRequest('Malformed multipart body');
  }
  return body;
}

/**
 * Reads a multipart request under the rules, in one of the server's upload slots, hands the body
 * to `handle`, and removes the temporary files whatever happens. A refused request closes its
 * connection: the rest of its body is not read.
 */
export async function withMultipart<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  rules: FileRules,
  handle: (body: MultipartBody) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body');
  return request.server.uploadSlots(async () => {
    const dir = await fsp.mkdtemp(path.join(request.server.config.uploadTempDir, UPLOAD_TEMP_PREFIX));
    try {
      return await handle(await readParts(request, rules, dir));
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });
}
