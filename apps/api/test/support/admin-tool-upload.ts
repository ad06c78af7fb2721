import request from 'supertest';
import type { TestApp } from '../setup/test-app';

/** Who uploads and where the tool goes: an admin's credentials, the type and topic ids of the form. */
export interface UploadContext {
  admin: { email: string; token: string };
  typeId: number;
  categoryId: number;
}

/**
 * The tool form as the admin's page sends it (docs/product/rules.md#R126): credentials first (the
 * API reads no file byte before it knows the caller), then the fields. Shared by the suites that
 * upload tool files, so that each says only what its upload is about.
 */
export function adminToolUpload(http: TestApp['http'] | (() => TestApp['http']), context: () => UploadContext) {
  const server = () => (typeof http === 'function' ? (http as () => TestApp['http'])() : http);
  /** `POST path` with the admin's credentials as the first fields. */
  const form = (path: string) => {
    const { admin } = context();
    return request(server()).post(path).field('storedMail', admin.email).field('storedToken', admin.token);
  };
  /** The required fields of a creation (description, type, topic, difficulty, duration) around `title`. */
  const creation = (title: string, fields: Record<string, string> = {}) => {
    const { typeId, categoryId } = context();
    let req = form('/admin/tools/create').field('title', title).field('description', 'Un modèle.').field('type', String(typeId))
      .field('category', String(categoryId)).field('difficulty', 'Simple').field('duration', '1');
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return req;
  };
  /** Creates a tool with `file` (200 expected) and answers its id. */
  const create = async (title: string, file: Buffer, name: string, fields: Record<string, string> = {}): Promise<number> =>
    (await creation(title, fields).attach('toolFile', file, name).expect(200)).body.id;
  return { form, creation, create };
}
