// Reads a multipart request into its text fields and its files (buffers, at most 8 MB each —
// the multipart plugin's limit). A file over the limit is a 413 with a clear message.
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './errors.ts';
import { NUL_MESSAGE } from './nul-guard.ts';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  buffer: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  /** Fields that appeared several times (e.g. images[] or sizes[S]) keep every value here. */
  lists: Record<string, string[]>;
  files: UploadedFile[];
}

export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body');
  const body: MultipartBody = { fields: {}, lists: {}, files: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (buffer.length > 0) body.files.push({ fieldname: part.fieldname, filename: part.filename, buffer });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) throw new HttpError(400, NUL_MESSAGE);
        body.fields[part.fieldname] = value;
        (body.lists[part.fieldname] ??= []).push(value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'Image trop volumineuse (8 Mo au maximum)');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest('Too many fields or files');
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('Expected a multipart/form-data body');
    throw badRequest('Malformed multipart body');
  }
  return body;
}
