import { expectStatus } from './measure.mjs';

/** Logs in as the admin the bench server was started with; resolves with the Bearer header. */
export async function loginAdmin(baseUrl, admin) {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const body = JSON.parse(await expectStatus(res, 200, 'POST /api/admin/login'));
  return `Bearer ${body.data.token}`;
}

/** POST /api/paste as the given principal; resolves with the new share's slug. */
export async function createPaste(baseUrl, authorization, paste) {
  const res = await fetch(`${baseUrl}/api/paste`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify(paste),
  });
  const body = JSON.parse(await expectStatus(res, 201, 'POST /api/paste'));
  return body.data.slug;
}
