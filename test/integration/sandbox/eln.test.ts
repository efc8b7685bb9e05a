/** Labspaces, folders, Super Admin permission removal and attach-image. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachImageResponse, fetchFolderResponse, fetchLabspaceListResponse } from '../../../shared/api/eln.js';
import { DEMO_USER_TOKEN } from '../../../main/sandbox/demo-data.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

type Json = Record<string, unknown>;

describe.each(['v2', 'legacy'] as const)('labspaces, folders, pages (%s)', (mode) => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startTestSandbox({ mode });
  });
  afterAll(async () => {
    await s.close();
  });

  const get = async (path: string, token?: string): Promise<{ status: number; body: Json }> => {
    const res = await s.call(path, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    return { status: res.status, body: (await res.json()) as Json };
  };
  const post = async (path: string, body: unknown, token?: string): Promise<{ status: number; body: Json }> => {
    const res = await s.call(path, { body, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
    return { status: res.status, body: (await res.json()) as Json };
  };

  describe('labspaces', () => {
    it('create, list, fetch by name and uuid', async () => {
      const created = await post('/labspace/create', { name: `Genomics ${mode}`, description: 'sequencing' });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ success: true, name: `Genomics ${mode}`, description: 'sequencing' });
      const list = fetchLabspaceListResponse.parse((await get('/labspace/fetch-list')).body);
      expect(list.items.map((i) => i.name)).toEqual(['Molecular Biology', 'Cell Culture', `Genomics ${mode}`]);
      expect(list.total).toBe(3);
      const byName = await get(`/labspace/fetch?name=${encodeURIComponent(`Genomics ${mode}`)}`);
      expect(byName.body).toEqual({
        success: true,
        data: { name: `Genomics ${mode}`, uuid: created.body.uuid, description: 'sequencing' },
      });
      expect((await get(`/labspace/fetch?uuid=${created.body.uuid as string}`)).status).toBe(200);
    });

    it('duplicate name on create -> 409; fetch without identifier -> 422; unknown -> 404', async () => {
      expect((await post('/labspace/create', { name: 'Cell Culture' })).status).toBe(409);
      expect((await post('/labspace/create', { name: '' })).status).toBe(422);
      expect((await get('/labspace/fetch')).status).toBe(422);
      expect((await get('/labspace/fetch?name=Nowhere')).status).toBe(404);
    });
  });

  describe('folders', () => {
    it('fetch by name or uuid: name, uuid and the labspace:folder location', async () => {
      const byName = await get('/labspace/folder/fetch?name=Inventory');
      expect(byName.status).toBe(200);
      const folder = fetchFolderResponse.parse(byName.body);
      expect(folder).toMatchObject({ name: 'Inventory', location: 'Molecular Biology:Inventory' });
      expect((await get(`/labspace/folder/fetch?uuid=${folder.uuid}`)).body).toEqual(byName.body);
      expect((await get(`/labspace/folder/fetch?uuid=${folder.uuid}&name=Inventory`)).status).toBe(200);
    });

    it('a name matching two folders -> 409 Conflict; unknown -> 404; neither -> 422', async () => {
      const space = s.store.eln.labspacesByName('Cell Culture')[0]!;
      s.store.eln.createFolder({ labspaceUuid: space.uuid, name: 'Plates', private: false });
      const dup = await get('/labspace/folder/fetch?name=Plates');
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({ message: 'Conflict', reason: expect.stringMatching(/2 folders/) });
      expect((await get('/labspace/folder/fetch?name=Nothing')).status).toBe(404);
      expect((await get('/labspace/folder/fetch')).status).toBe(422);
    });
  });

  describe('remove-permissions', () => {
    const restricted = (): string => s.store.eln.foldersByName('Restricted')[0]!.uuid;

    it('requires Super Admin: a normal user gets 422 "Super Admin permission required"', async () => {
      const r = await post(
        '/labspace/folder/remove-permissions',
        { uuid: restricted(), users: [{ email: 'tech@demo-lab.example' }] },
        DEMO_USER_TOKEN,
      );
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ message: 'Validation error', reason: 'Super Admin permission required' });
      expect(s.store.eln.permissions(restricted())).toContain('tech@demo-lab.example');
    });

    it('only on private folders', async () => {
      const r = await post('/labspace/folder/remove-permissions', {
        location: 'Molecular Biology:Inventory',
        users: [{ email: 'tech@demo-lab.example' }],
      });
      expect(r.status).toBe(422);
      expect(r.body.reason).toMatch(/not private/);
    });

    it('teams are not supported', async () => {
      const r = await post('/labspace/folder/remove-permissions', { uuid: restricted(), teams: [{ name: 'QC' }] });
      expect(r.status).toBe(422);
      expect(r.body.reason).toMatch(/teams are not supported/);
    });

    it('removes a user who has permission; removing again (no permission) -> 422', async () => {
      const ok = await post('/labspace/folder/remove-permissions', {
        location: 'Molecular Biology:Restricted',
        users: [{ email: 'tech@demo-lab.example' }],
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ success: true });
      expect(s.store.eln.permissions(restricted())).not.toContain('tech@demo-lab.example');
      const again = await post('/labspace/folder/remove-permissions', {
        uuid: restricted(),
        users: [{ email: 'tech@demo-lab.example' }],
      });
      expect(again.status).toBe(422);
      expect(again.body.reason).toMatch(/has no permission/);
    });

    it('shape: folder identifier and users/teams required (422); unknown folder -> 404', async () => {
      expect((await post('/labspace/folder/remove-permissions', { users: [{ email: 'a@b.c' }] })).status).toBe(422);
      expect((await post('/labspace/folder/remove-permissions', { uuid: restricted() })).status).toBe(422);
      expect(
        (await post('/labspace/folder/remove-permissions', { uuid: 'nope', users: [{ email: 'a@b.c' }] })).status,
      ).toBe(404);
    });
  });

  describe('attach-image', () => {
    let imageId = '';
    beforeAll(async () => {
      const fd = new FormData();
      fd.append('files', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), 'gel.png');
      const res = await fetch(`${s.url}/files/store-and-embed`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.demoToken}` },
        body: fd,
      });
      imageId = ((await res.json()) as { fileId: string }[])[0]!.fileId;
    });

    it.each([
      ['hrid', 'EXP-0001'],
      ['name', 'Miniprep'],
      ['hrid', 'DOC-0001'],
    ])('finds the page by %s %s and embeds the image', async (field, value) => {
      const r = await post('/labspace/experiment/attach-image', {
        [field]: value,
        image_uuid: imageId,
        image_name: 'gel.png',
        image_mime_type: 'image/png',
        position: 'append',
      });
      expect(r.status).toBe(200);
      const body = attachImageResponse.parse(r.body);
      expect(body).toMatchObject({
        image_uuid: imageId,
        extension: 'png',
        name: 'gel.png',
        position: 'append',
        success: true,
      });
      expect(s.store.eln.images(body.uuid).map((i) => i.imageUuid)).toContain(imageId);
    });

    it('by uuid too; the page body carries the image tag', async () => {
      const page = s.store.eln.pageBy('hrid', 'EXP-0002')[0]!;
      const r = await post('/labspace/experiment/attach-image', {
        uuid: page.uuid,
        image_uuid: imageId,
        image_name: 'cells.png',
        image_mime_type: 'image/png',
        position: 'append',
      });
      expect(r.status).toBe(200);
      expect(s.store.eln.pageBy('uuid', page.uuid)[0]!.body).toContain(imageId);
    });

    it('unknown page -> 404; unknown image -> 404; no page identifier / bad mime -> 422', async () => {
      const base = { image_uuid: imageId, image_name: 'gel.png', image_mime_type: 'image/png', position: 'append' };
      expect((await post('/labspace/experiment/attach-image', { ...base, hrid: 'EXP-9999' })).status).toBe(404);
      const img = await post('/labspace/experiment/attach-image', {
        ...base,
        hrid: 'EXP-0001',
        image_uuid: 'not-uploaded',
      });
      expect(img.status).toBe(404);
      expect(img.body.reason).toMatch(/not a stored upload/);
      expect((await post('/labspace/experiment/attach-image', base)).status).toBe(422);
      expect(
        (await post('/labspace/experiment/attach-image', { ...base, hrid: 'EXP-0001', image_mime_type: 'text/plain' }))
          .status,
      ).toBe(422);
      expect(
        (await post('/labspace/experiment/attach-image', { ...base, hrid: 'EXP-0001', name: 'Miniprep' })).status,
      ).toBe(422);
    });
  });
});
