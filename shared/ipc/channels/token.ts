import { z } from 'zod';
import { channel } from '../channel.js';
import { connectionTestResult, tokenStatus } from '../status.js';
import { connectionSetting } from '../settings.js';

/** A bearer token: printable ASCII without spaces, bounded. Checked here so junk never reaches a keychain. */
export const tokenValue = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(4096, 'at most 4096 characters')
  .regex(/^[\x21-\x7e]+$/, 'letters, digits and symbols only, no spaces');

/**
 * The token is write-only from the renderer: it can set, test, clear and ask for status. No
 * channel answers with the value, and the response schemas are strict so one cannot slip in.
 */
export const tokenChannels = {
  'token.status': channel({ request: z.strictObject({}), response: tokenStatus, readOnly: true }),
  /**
   * `connection` is the connection the page showed when the token was given: main stores the token
   * only for those addresses, and refuses (saying why) if the saved connection is no longer them.
   */
  'token.set': channel({
    request: z.strictObject({ token: tokenValue, connection: connectionSetting }),
    response: tokenStatus,
    secretKeys: ['token'],
  }),
  /** Tests a candidate token before saving it, or the stored one when `token` is absent. */
  'token.test': channel({
    request: z.strictObject({ token: tokenValue.optional() }),
    response: connectionTestResult,
    secretKeys: ['token'],
    readOnly: true,
  }),
  /** `connection` is the one the page showed: its token is removed, even if a switch is being saved. */
  'token.clear': channel({ request: z.strictObject({ connection: connectionSetting }), response: tokenStatus }),
  /**
   * Undo of token.clear: main puts back the token it removed a moment ago for `connection` (it kept it in
   * memory, never on disk); the page never holds it.
   */
  'token.restore': channel({ request: z.strictObject({ connection: connectionSetting }), response: tokenStatus }),
};
