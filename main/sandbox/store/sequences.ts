import { randomUUID } from 'node:crypto';
import type { Sequence } from '../../../shared/api/sequences.js';
import type { Db } from './db.js';

/**
 * A sequence as the service keeps it internally: a document with index/type/Id/_class bookkeeping.
 * `type` there is the document type; the residue type lives in `sequenceType` and is what callers
 * see as `type`. Single reads strip the bookkeeping (spec), list reads only project name/type/uuid.
 */
export interface SequenceDoc {
  Id: string;
  index: string;
  type: 'sequence';
  _class: string;
  uuid: string;
  name: string;
  sequenceType: string;
  sequence: string;
  circular: boolean;
}

export const INTERNAL_SEQUENCE_FIELDS = ['index', 'type', 'Id', '_class'] as const;

/** Strips the internal fields, then exposes the residue type under the public `type` name. */
export function publicSequence(doc: SequenceDoc): Sequence {
  const rest: Record<string, unknown> = { ...doc };
  for (const f of INTERNAL_SEQUENCE_FIELDS) delete rest[f];
  const { sequenceType, ...visible } = rest as Omit<SequenceDoc, (typeof INTERNAL_SEQUENCE_FIELDS)[number]>;
  return { ...visible, type: sequenceType };
}

export class SequenceStore {
  constructor(private readonly db: Db) {}

  create(s: { name: string; type: string; sequence: string; circular: boolean; uuid?: string }): SequenceDoc {
    const n = (this.db.prepare('SELECT COUNT(*) AS n FROM sequences').get() as { n: number }).n + 1;
    const doc: SequenceDoc = {
      Id: `SEQ-${String(n).padStart(4, '0')}`,
      index: 'sequences',
      type: 'sequence',
      _class: 'lds.sequence.SequenceDocument',
      uuid: s.uuid ?? randomUUID(),
      name: s.name,
      sequenceType: s.type,
      sequence: s.sequence,
      circular: s.circular,
    };
    this.db
      .prepare('INSERT INTO sequences (uuid, name, doc) VALUES (?, ?, ?)')
      .run(doc.uuid, doc.name, JSON.stringify(doc));
    return doc;
  }

  byUuid(uuid: string): SequenceDoc | null {
    const r = this.db.prepare('SELECT doc FROM sequences WHERE uuid = ?').get(uuid) as { doc: string } | undefined;
    return r ? (JSON.parse(r.doc) as SequenceDoc) : null;
  }

  byName(name: string): SequenceDoc | null {
    const r = this.db.prepare('SELECT doc FROM sequences WHERE name = ? ORDER BY rowid LIMIT 1').get(name) as
      { doc: string } | undefined;
    return r ? (JSON.parse(r.doc) as SequenceDoc) : null;
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM sequences').get() as { n: number }).n;
  }

  page(limit: number, offset: number): SequenceDoc[] {
    return (
      this.db.prepare('SELECT doc FROM sequences ORDER BY rowid LIMIT ? OFFSET ?').all(limit, offset) as {
        doc: string;
      }[]
    ).map((r) => JSON.parse(r.doc) as SequenceDoc);
  }
}
