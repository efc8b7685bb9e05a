import { z } from 'zod';
import { channel } from '../channel.js';
import { appInfo, appStatus, connectionTestResult } from '../status.js';
import { connectionSetting } from '../settings.js';

const none = z.strictObject({});

export const appChannels = {
  'app.info': channel({ request: none, response: appInfo }),
  'app.status': channel({ request: none, response: appStatus }),
  /** Tests the saved connection, or a candidate one before it is saved, with the stored token. */
  'connection.test': channel({
    request: z.strictObject({ connection: connectionSetting.optional() }),
    response: connectionTestResult,
  }),
};
