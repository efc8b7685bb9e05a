import type { Db } from './db.js';

export interface WebhookRecord {
  id: number;
  eventType: string | null;
  body: Record<string, unknown>;
  /** Email of the token's owner, or null for an anonymous legacy-mode push. */
  sender: string | null;
  receivedAt: string;
}

export class WebhookStore {
  constructor(private readonly db: Db) {}

  add(w: Omit<WebhookRecord, 'id'>): number {
    const info = this.db
      .prepare('INSERT INTO webhooks (event_type, body, sender, received_at) VALUES (?, ?, ?, ?)')
      .run(w.eventType, JSON.stringify(w.body), w.sender, w.receivedAt);
    return Number(info.lastInsertRowid);
  }

  list(): WebhookRecord[] {
    const rows = this.db.prepare('SELECT * FROM webhooks ORDER BY id').all() as {
      id: number;
      event_type: string | null;
      body: string;
      sender: string | null;
      received_at: string;
    }[];
    return rows.map((r) => ({
      id: r.id,
      eventType: r.event_type,
      body: JSON.parse(r.body) as Record<string, unknown>,
      sender: r.sender,
      receivedAt: r.received_at,
    }));
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM webhooks').get() as { n: number }).n;
  }
}
