import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isTransientConflict } from '../db/transaction.ts';
import { faultOf, type Fault } from '../db/faults.ts';
import { HttpError, TOO_MANY_REQUESTS, type Bilingual } from './errors.ts';
import { bilingualKey, say } from './language.ts';

/** One error handler for the whole API: 4xx carry a clear message, a 5xx never its details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ status: error.statusCode, message: error.messageIn(bilingualKey(request)), data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      }));
      const message = errors[0]?.message ?? 'Invalid request';
      return reply.status(400).send({ status: 400, message, data: { errors } });
    }
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const message = clientMessage(error, statusCode, request);
      return reply.status(statusCode).send({ status: statusCode, message, data: null });
    }
    const fault = faultOf(error);
    if (fault) {
      logFault(request, fault, error);
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ status: 503, message: say(request, UNAVAILABLE[fault.kind]), data: null });
    }
    if (isTransientConflict(error)) {
      // Run twice (inTransaction) and lost both races: the client may simply send it again.
      request.log.warn({ code: (error as { code?: unknown }).code }, 'a transaction lost a race twice');
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ status: 503, message: say(request, BUSY), data: null });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ status: 500, message: 'Internal server error', data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send({ status: 404, message: `Not found: ${request.method} ${request.url.split('?')[0] ?? ''}`, data: null });
  });
}

/** What a customer may meet without doing anything wrong is said in their language too. */
const BODY_TOO_LARGE: Bilingual = { fr: 'Envoi trop volumineux', en: 'Request body is too large' };
const BUSY: Bilingual = {
  fr: 'Le serveur est très occupé, veuillez réessayer dans un instant',
  en: 'The server is busy with the same rows: please try again',
};

/**
 * The database out of reach or the disk full: nothing the caller did, and it may pass; the
 * customer is asked to try again, the owner told what is wrong.
 */
const UNAVAILABLE: Record<Fault['kind'], Bilingual> = {
  unreachable: {
    fr: 'Service momentanément indisponible, veuillez réessayer dans quelques instants',
    en: 'The database cannot be reached; try again in a moment',
  },
  disk_full: {
    fr: 'Service momentanément indisponible, veuillez réessayer dans quelques instants',
    en: "The server's disk is full: nothing can be saved until space is freed",
  },
};
const RETRY_AFTER_SECONDS = 5;

/**
 * Names the cause, with the error's message and code only: a pg error may hold its client, whose
 * parameters hold the password.
 */
function logFault(request: FastifyRequest, fault: Fault, error: FastifyError): void {
  const detail = { fault: fault.kind, code: fault.code, error: error.message };
  if (fault.kind === 'disk_full') request.log.error(detail, `disk full (${fault.code}): the write was refused`);
  else request.log.warn(detail, `database unreachable (${fault.code})`);
}

function clientMessage(error: FastifyError, statusCode: number, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return say(request, BODY_TOO_LARGE);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'Too many fields or files';
    default:
      return statusCode === 429 ? say(request, TOO_MANY_REQUESTS) : error.message || 'Invalid request';
  }
}
