import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { ATTACH_AT, pageRef, samePage, type PageRef } from '../../../shared/ipc/channels/plate-record.js';
import { whenSaid } from '../format/day.js';
import { FINISHED_KEPT_MS } from '../../../shared/outbox/finished-kept.js';
import type { FilingOutcome, PlateFiling } from './plate-filing.js';
import { attachesIn, attachLaneOf, naming, refusedAsNotFound } from './page-attaches.js';
import { notebookPageOf, pageShown } from './page-ref.js';

type PageStore = Pick<Storage, 'getItem' | 'setItem'>;

/** What is kept of the page the last record was filed to, per service. */
interface Kept {
  /** As it was scanned or typed: what the field shows again. */
  text: string;
  /** As it was sent (notebookPageNamed: an ID, a name, a uuid). */
  ref: PageRef | null;
  /** That record's attach-image entry: where its picture went, as the Outbox may have corrected it. */
  attach: number | null;
  /** When that record was filed (main's clock, as its entries' times). */
  at: number;
  /**
   * A refusal of the page the user had been told of when filing to it again (a page since made in the
   * notebook): that refusal and older ones no longer keep it out of the field.
   */
  past: number;
}

/**
 * The same key the page was kept under before: a page kept by an older version (its text alone) is still
 * offered, and checked as any other.
 */
const keyOf = (service: string): string => `benchlink.plate-record.page:${service}`;

function readKept(raw: string | null): Kept | null {
  if (raw === null || raw.trim() === '') return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v === 'object' && v !== null && typeof (v as { text?: unknown }).text === 'string') {
      const k = v as Record<string, unknown> & { text: string };
      const ref = pageRef.safeParse(k['ref']);
      const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
      return {
        text: k.text,
        ref: ref.success ? ref.data : null,
        attach: num(k['attach']),
        at: num(k['at']) ?? 0,
        past: num(k['past']) ?? 0,
      };
    }
  } catch {
    // Kept by an older version: the text alone.
  }
  return { text: raw, ref: null, attach: null, at: 0, past: 0 };
}

/** A refusal of a page as not found: the entry refused, and the page as it was sent. */
interface Refusal {
  entry: number;
  page: PageRef;
}

/** Why a kept page is not offered, for the bench; `refusal`: the refusal, when that is why. */
interface NotOffered {
  said: string;
  refusal: Refusal | null;
}

/**
 * The notebook page field of "Plate completed": the page the last record was filed to is offered for the
 * next plate (kept in this window's storage, per service: another service's EXP-0001 is another page),
 * unless the service has since refused a picture for that page as not found, or the last record's picture
 * was sent to another page from the Outbox (its Edit). Then the field is left empty and
 * `note` says why: offered with a warning, a page that does not exist was filed to again by a bench
 * working fast, each plate's picture refused once more minutes later; an empty field stops the next
 * press with "say which page". A refusal that arrives while the screen is open empties the field too,
 * if it still holds that page.
 */
export class RecordPage {
  /** The field's text. */
  text = $state('');
  /** Why the page last filed to is not offered (refused, or moved in the Outbox), or null. */
  note = $state<string | null>(null);
  #refusal: Refusal | null = null;
  #off: (() => void) | null = null;
  #checks = 0;

  constructor(
    private readonly api: () => BenchlinkApi,
    /** The service the screen's plate was read from (its WellFillState's). */
    private readonly service: () => string,
    private readonly store: PageStore | null = globalThis.localStorage ?? null,
  ) {}

  /**
   * Offers the page kept, once checked (the field stays empty meanwhile, so a press cannot file to a page
   * found refused a moment later), and follows the kept page's pictures from then on. Answers once checked.
   */
  async start(): Promise<void> {
    this.#off ??= this.api().subscribe('outbox.changed', ({ changes }) => {
      const kept = this.#kept();
      const ref = kept && this.#refOf(kept);
      if (!kept || !ref) return;
      const lane = attachLaneOf(ref);
      if (changes.some((c) => c.target === lane || c.id === kept.attach)) void this.#check(false);
    });
    await this.#check(true);
  }

  stop(): void {
    this.#off?.();
    this.#off = null;
  }

  /**
   * "Plate completed" for what the field holds (PlateFiling.file), and the page it went to kept for the
   * next plate. Filed to a page the note said was refused (the user chose it knowing: the page was made in
   * the notebook since), that refusal no longer keeps it out; a refusal that came while the press was on
   * its way stands, and so does its note.
   */
  async file(presses: PlateFiling, plate: { uuid: string; hrid: string }, readFrom: string): Promise<FilingOutcome> {
    const told = this.#refusal;
    const done = await presses.file(plate, this.text, readFrom);
    if (done.filed) this.#remember(done, told);
    return done;
  }

  #remember(done: Extract<FilingOutcome, { filed: true }>, told: Refusal | null): void {
    const knew = told !== null && samePage(told.page, done.ref) ? told.entry : 0;
    const before = this.#kept();
    const past = Math.max(knew, before?.ref && samePage(before.ref, done.ref) ? before.past : 0);
    const kept: Kept = {
      text: done.text,
      ref: done.ref,
      attach: done.record.entries[ATTACH_AT] ?? null,
      at: done.record.createdAt,
      past,
    };
    try {
      this.store?.setItem(keyOf(this.service()), JSON.stringify(kept));
    } catch {
      // Not kept (storage full or refused): the next plate asks again.
    }
    if (this.#refusal === told) {
      this.note = null;
      this.#refusal = null;
    }
  }

  #kept(): Kept | null {
    try {
      return readKept(this.store?.getItem(keyOf(this.service())) ?? null);
    } catch {
      return null;
    }
  }

  #refOf(kept: Kept): PageRef | null {
    if (kept.ref) return kept.ref;
    const read = notebookPageOf(kept.text);
    return 'ref' in read ? read.ref : null;
  }

  /** Checks the kept page; `offer`: fills an empty field with it when it stands (at start). */
  async #check(offer: boolean): Promise<void> {
    const mine = ++this.#checks;
    const kept = this.#kept();
    const ref = kept && this.#refOf(kept);
    if (!kept || !ref) return;
    const not = await this.#notOffered(kept, ref);
    // A later check (a newer change) answers for now; so does a page filed meanwhile.
    if (mine !== this.#checks || JSON.stringify(this.#kept()) !== JSON.stringify(kept)) return;
    if (not === null) {
      // The page stands again (its refused picture since put in it): the note is no longer true.
      const cleared = this.note !== null;
      this.note = null;
      this.#refusal = null;
      if ((offer || cleared) && this.text.trim() === '') this.text = kept.text;
      return;
    }
    // Said once: the page typed again after the note was read is the user's choice, not to be taken away.
    if (this.note === not.said) return;
    this.note = not.said;
    this.#refusal = not.refusal;
    const shown = notebookPageOf(this.text);
    if ('ref' in shown && samePage(shown.ref, ref)) this.text = '';
  }

  /** Why the kept page is not to be offered, or null when it stands (or the outbox cannot say). */
  async #notOffered(kept: Kept, ref: PageRef): Promise<NotOffered | null> {
    const listed = await attachesIn(this.api(), [ref]);
    if (listed === null) return null;
    const page = pageShown(ref);
    // The newest outcome for the page decides: a picture put into it since a refusal says it exists.
    const latest = listed.filter(naming(ref)).find((e) => e.state === 'done' || refusedAsNotFound(e));
    if (latest && latest.state !== 'done' && latest.id > kept.past)
      return {
        said:
          `${page} is not filled in: the service has no such page. It refused the picture queued for it at ` +
          `${whenSaid(new Date(latest.createdAt))} as not found (entry #${latest.id} in the Outbox, where you can ` +
          'correct its page). Check the page, then scan or type it for this plate.',
        refusal: { entry: latest.id, page: ref },
      };
    // Gone from the page's lane while the outbox still keeps it: the Outbox's Edit sent it to another page.
    const gone = kept.attach !== null && !listed.some((e) => e.id === kept.attach);
    if (gone && Date.now() - kept.at < FINISHED_KEPT_MS)
      return {
        said:
          `${page} is not filled in: the last plate's picture was moved to another page in the Outbox ` +
          `(entry #${kept.attach}). Scan or type the page for this plate.`,
        refusal: null,
      };
    return null;
  }
}
