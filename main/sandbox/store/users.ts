import type { Db } from './db.js';

export interface UserRecord {
  id: number;
  email: string;
  token: string;
  superAdmin: boolean;
}

interface UserRow {
  id: number;
  email: string;
  token: string;
  super_admin: number;
}
const toUser = (r: UserRow): UserRecord => ({
  id: r.id,
  email: r.email,
  token: r.token,
  superAdmin: r.super_admin === 1,
});

export class UserStore {
  constructor(private readonly db: Db) {}

  create(u: { email: string; token: string; superAdmin: boolean }): UserRecord {
    const info = this.db
      .prepare('INSERT INTO users (email, token, super_admin) VALUES (?, ?, ?)')
      .run(u.email, u.token, u.superAdmin ? 1 : 0);
    return { id: Number(info.lastInsertRowid), ...u };
  }

  byToken(token: string): UserRecord | null {
    const r = this.db.prepare('SELECT * FROM users WHERE token = ?').get(token) as UserRow | undefined;
    return r ? toUser(r) : null;
  }

  byEmail(email: string): UserRecord | null {
    const r = this.db.prepare('SELECT * FROM users WHERE email = ? COLLATE NOCASE').get(email) as UserRow | undefined;
    return r ? toUser(r) : null;
  }

  /** The first user created: the demo token printed by the CLI. */
  first(): UserRecord | null {
    const r = this.db.prepare('SELECT * FROM users ORDER BY id LIMIT 1').get() as UserRow | undefined;
    return r ? toUser(r) : null;
  }
}
