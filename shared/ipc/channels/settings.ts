import { z } from 'zod';
import { channel } from '../channel.js';
import { settings, settingsPatch } from '../settings.js';

export const settingsChannels = {
  'settings.get': channel({ request: z.strictObject({}), response: settings, readOnly: true }),
  /** Partial update; answers the full settings as saved. */
  'settings.set': channel({ request: settingsPatch, response: settings }),
};
