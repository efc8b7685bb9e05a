import type { Db } from './db.js';

export interface SampleLinkRecord {
  labflowId: string;
  protocoltemplateId: string;
  performTestStepId: string;
  sampleUuid: string;
  sampleEntityUuid: string | null;
  linkedBy: string;
  linkedAt: string;
}

export class LabflowStore {
  constructor(private readonly db: Db) {}

  create(l: { id: string; name: string; tests: { protocoltemplateId: string; name: string }[] }): void {
    const test = this.db.prepare('INSERT INTO labflow_tests (labflow_id, protocoltemplate_id, name) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO labflows (id, name) VALUES (?, ?)').run(l.id, l.name);
      l.tests.forEach((t) => test.run(l.id, t.protocoltemplateId, t.name));
    })();
  }

  exists(labflowId: string): boolean {
    return this.db.prepare('SELECT 1 FROM labflows WHERE id = ?').get(labflowId) !== undefined;
  }

  test(labflowId: string, protocoltemplateId: string): { name: string } | null {
    return (
      (this.db
        .prepare('SELECT name FROM labflow_tests WHERE labflow_id = ? AND protocoltemplate_id = ?')
        .get(labflowId, protocoltemplateId) as { name: string } | undefined) ?? null
    );
  }

  addLinks(links: readonly SampleLinkRecord[]): void {
    const stmt = this.db.prepare(
      `INSERT INTO sample_links (labflow_id, protocoltemplate_id, perform_test_step_id, sample_uuid, sample_entity_uuid, linked_by, linked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      for (const l of links)
        stmt.run(
          l.labflowId,
          l.protocoltemplateId,
          l.performTestStepId,
          l.sampleUuid,
          l.sampleEntityUuid,
          l.linkedBy,
          l.linkedAt,
        );
    })();
  }

  links(): SampleLinkRecord[] {
    const rows = this.db.prepare('SELECT * FROM sample_links ORDER BY id').all() as {
      labflow_id: string;
      protocoltemplate_id: string;
      perform_test_step_id: string;
      sample_uuid: string;
      sample_entity_uuid: string | null;
      linked_by: string;
      linked_at: string;
    }[];
    return rows.map((r) => ({
      labflowId: r.labflow_id,
      protocoltemplateId: r.protocoltemplate_id,
      performTestStepId: r.perform_test_step_id,
      sampleUuid: r.sample_uuid,
      sampleEntityUuid: r.sample_entity_uuid,
      linkedBy: r.linked_by,
      linkedAt: r.linked_at,
    }));
  }

  countLinks(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM sample_links').get() as { n: number }).n;
  }
}
