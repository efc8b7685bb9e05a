import type { FastifyError, FastifyInstance } from 'fastify';
import { errorBodyFor } from '../../../shared/api/errors.js';
import type { Answers } from '../answers/profiles.js';
import { ServiceError } from '../domain/service-error.js';

/**
 * busboy (under @fastify/multipart) reports a malformed body with plain Errors and no code: a body
 * cut short, a Content-Type without a boundary, a part header that never ends. Those are the
 * client's mistakes (400), recognised by busboy's own messages.
 */
const MULTIPART_SYNTAX = [
  /^Unexpected end of (multipart data|form|file)/,
  /terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Malformed/,
];
export function isMultipartSyntaxError(err: unknown): boolean {
  return err instanceof Error && !('code' in err) && MULTIPART_SYNTAX.some((re) => re.test(err.message));
}

/** Fastify's and @fastify/multipart's own failures, mapped onto the spec's table (it has no 413/415). */
function fromFramework(err: FastifyError, bodyLimit: number): ServiceError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ServiceError(400, `the body is not valid JSON: ${err.message}`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ServiceError(400, 'the body is empty but Content-Type says application/json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ServiceError(400, `the body is larger than the ${bodyLimit} bytes this service accepts`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ServiceError(
        400,
        'unsupported Content-Type: send application/json (or multipart/form-data for file upload)',
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ServiceError(400, 'the Content-Length header does not match the body');
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ServiceError(400, err.message);
  }
  if (isMultipartSyntaxError(err)) return new ServiceError(400, `the multipart body is malformed: ${err.message}`);
  if (err instanceof SyntaxError) return new ServiceError(400, `the body is not valid JSON: ${err.message}`);
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500)
    return new ServiceError(400, err.message);
  return null;
}

/** Every error leaves as the table's JSON body; nothing escapes as a bare 500 page or a crash. */
export function installErrorHandlers(app: FastifyInstance, bodyLimit: number, answers: Answers): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const mapped = err instanceof ServiceError ? err : fromFramework(err, bodyLimit);
    if (!mapped) {
      request.log.error({ err }, 'sandbox: unexpected failure');
      return reply.code(500).send(answers.error(errorBodyFor(500, 'the sandbox failed unexpectedly; see its log')));
    }
    return reply.code(mapped.status).send(answers.error(errorBodyFor(mapped.status, mapped.reason)));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(answers.error(errorBodyFor(404, `no endpoint ${request.method} ${request.url.split('?')[0]}`))),
  );
}
