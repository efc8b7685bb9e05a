import { z } from 'zod';
import { channel } from '../channel.js';
import { appInfo, appStatus, connectionTestResult } from '../status.js';
import { connectionSetting } from '../settings.js';

const none = z.strictObject({});

export const appChannels = {
  'app.info': channel({ request: none, response: appInfo, readOnly: true }),
  'app.status': channel({ request: none, response: appStatus, readOnly: true }),
  /**
   * "Are you there?" over Electron's IPC, which has no ping of its own: answered by main's router at
   * once, so an answer means main's event loop turns. Sent only while other calls wait long for main.
   */
  'app.ping': channel({ request: none, response: none, readOnly: true }),
  /** Tests the saved connection, or a candidate one before it is saved, with the stored token. */
  'connection.test': channel({
    request: z.strictObject({ connection: connectionSetting.optional() }),
    response: connectionTestResult,
    readOnly: true,
  }),
};
