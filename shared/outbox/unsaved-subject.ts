import type { Intent, IntentOf, IntentType, ManifestRef, WellIntent } from './intents.js';

/**
 * The kind of thing a failed write did not save, which decides how it is said: a `change` (a scan, a
 * row update, a layout) "was not saved"; a `file` the user added to upload "was not queued", and is
 * added again (or queued again from its kept copy) rather than scanned again.
 */
export type UnsavedThing = 'change' | 'file';

/**
 * What a failed outbox write did not save, as the subject of "… was not saved: <reason>": the bench
 * reads what it has to do again (plate.csv, the 96 well changes to PL-0001), not "the scan" for every
 * kind. `plural` picks the verb.
 */
export interface UnsavedSubject {
  text: string;
  plural: boolean;
  thing: UnsavedThing;
}

/** " of PL-0001" when the change names the plate so; by uuid (Well fill's) it is the plate on the screen. */
const ofPlate = (m: ManifestRef, word: string): string => ('hrid' in m ? ` ${word} ${m.hrid}` : '');

interface Words<I extends Intent> {
  /** One entry of this kind. */
  one: (i: I) => string;
  /** Several of this kind in one commit: the noun after their count. */
  many: string;
  /** What several of them share, when they do (one plate, one labsheet): said after the noun, with its space. */
  shared?: (i: I) => string;
}

const wellChange: Words<WellIntent> = {
  one: (i) => `The change to well ${i.position}${ofPlate(i.manifest, 'of')}`,
  many: 'well changes',
  shared: (i) => ofPlate(i.manifest, 'to'),
};

/** Every kind has its words: a kind added to the intents without them does not compile. */
const WORDS: { [T in IntentType]: Words<IntentOf<T>> } = {
  'well-set': wellChange,
  'well-remove': wellChange,
  'location-assign': { one: (i) => `The move of ${i.id}${i.position ? ` to ${i.position}` : ''}`, many: 'tube moves' },
  'row-update': {
    one: (i) => `The update of ${i.id} in ${i.labsheet}`,
    many: 'row updates',
    shared: (i) => ` to ${i.labsheet}`,
  },
  'file-upload': { one: (i) => `The upload of ${i.fileName}`, many: 'uploads' },
  webhook: { one: () => 'The event', many: 'events' },
  'labflow-link': { one: () => 'The link of samples to a labflow test', many: 'labflow links' },
  'labsheet-create': { one: (i) => `The new labsheet ${i.request.name}`, many: 'new labsheets' },
  'location-create': {
    one: ({ request: { locations } }) =>
      `The creation of ${locations.length === 1 ? `location ${locations[0]!.name}` : `${locations.length} locations`}`,
    many: 'location creations',
  },
  'labsheet-to-template': {
    one: (i) => `The template ${i.request.templateName} from ${i.request.labsheet}`,
    many: 'templates',
  },
  'delete-column': {
    one: (i) => `The deletion of column ${i.request.columnName} from ${i.request.labsheet}`,
    many: 'column deletions',
  },
  'remove-permissions': { one: () => 'The change of folder permissions', many: 'permission changes' },
  'attach-image': {
    one: (i) => `The picture ${i.request.image_name} for ${i.request.hrid ?? i.request.name ?? 'the notebook page'}`,
    many: 'pictures',
  },
  'add-sequence-to-row': {
    one: (i) => `The sequence for ${i.request.id} in ${i.request.labsheet}`,
    many: 'sequence links',
  },
  'labspace-create': { one: (i) => `The new labspace ${i.request.name}`, many: 'new labspaces' },
};

/** The words of an intent's kind, typed for any intent (each kind's words take only their own). */
const wordsOf = (i: Intent): Words<Intent> => WORDS[i.type] as Words<Intent>;

/** The subject for one commit of these intents (one entry, or a batch saved all or none). */
export function unsavedSubject(intents: readonly Intent[]): UnsavedSubject {
  const first = intents[0];
  if (first === undefined) return { text: 'The change', plural: false, thing: 'change' };
  // One file the user added: said by its name, as the Upload list shows it.
  if (intents.length === 1 && first.type === 'file-upload')
    return { text: first.fileName, plural: false, thing: 'file' };
  if (intents.length === 1) return { text: wordsOf(first).one(first), plural: false, thing: 'change' };
  const words = wordsOf(first);
  // Well sets and removals are one kind to the bench: changes to wells.
  const sameKind = intents.every((i) => wordsOf(i) === words);
  if (!sameKind) return { text: `The ${intents.length} changes`, plural: true, thing: 'change' };
  const sharedText = words.shared?.(first);
  const shared = sharedText !== undefined && intents.every((i) => words.shared?.(i) === sharedText);
  return { text: `The ${intents.length} ${words.many}${shared ? sharedText : ''}`, plural: true, thing: 'change' };
}
