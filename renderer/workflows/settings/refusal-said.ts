import type { IpcError } from '../../../shared/ipc/result.js';

/**
 * What main refused in a settings form, in its own words: each field and why ("connection.baseUrl: must
 * use https …"), or its message when it names no field. The message alone ("Invalid payload for
 * connection.test.") left a newcomer who typed http://lims.lab.local/api with no next step.
 */
export function refusalSaid(error: IpcError): string {
  return error.issues?.map((i) => `${i.path}: ${i.message}`).join('; ') || error.message;
}
