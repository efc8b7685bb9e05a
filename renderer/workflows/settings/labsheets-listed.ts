import { LABSHEET_WORKFLOWS, type LabsheetWorkflow, type WorkflowLabsheets } from '../../../shared/ipc/settings.js';

/** The service's labsheet list as read just now: its names, and whether it named every labsheet. */
export interface LabsheetsListed {
  names: readonly string[];
  /** listsEveryLabsheet: false when the service's total says it listed only some of them. */
  complete: boolean;
}

/**
 * What to say beside each workflow whose labsheet the service does not list. After a switch to a real
 * service, Settings still named the demo's "Samples", and every tube scanned was looked for in a
 * labsheet the service does not have. Nothing is said from a list that is not the whole (the name may
 * be past it) or that could not be read (offline, no token yet): only the service can say a name is
 * not there.
 */
export function labsheetsNotListed(
  chosen: WorkflowLabsheets,
  listed: LabsheetsListed | null,
): Partial<Record<LabsheetWorkflow, string>> {
  if (listed === null || !listed.complete) return {};
  const said: Partial<Record<LabsheetWorkflow, string>> = {};
  for (const w of LABSHEET_WORKFLOWS) {
    const name = chosen[w];
    if (listed.names.includes(name)) continue;
    const other = listed.names.find((n) => n.toLowerCase() === name.toLowerCase());
    said[w] =
      other !== undefined
        ? `This service names it “${other}”, not “${name}”: choose “${other}”.`
        : listed.names.length === 0
          ? `This service has no labsheets yet, so no tube can be found in “${name}”.`
          : `This service has no labsheet “${name}”: choose one of its ${listed.names.length} labsheets (the field lists them).`;
  }
  return said;
}
