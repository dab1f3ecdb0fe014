import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.js';
import { seedUser } from '../../test-support/users.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { startScheduledJobs } from '../scheduled-jobs.js';
import { mediaFilePath, mediaId } from '../media/media-store.js';
import { dataUrl, makePng } from '../../test-support/test-images.js';
import { apiClient } from '../../test-support/toys.js';
import { INACTIVE_ACCOUNT_MS, runDailyCleanup } from './cleanup.js';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function rowsOf(userId: string) {
  const count = async (table: 'sessions' | 'toys' | 'lists' | 'settings' | 'rotations' | 'media' | 'users') =>
    (await t.db.selectFrom(table).selectAll().where(table === 'users' ? 'id' : table === 'sessions' ? 'user_id' : 'household_id', '=', userId as never).execute()).length;
  return {
    users: await count('users'),
    sessions: await count('sessions'),
    toys: await count('toys'),
    lists: await count('lists'),
    settings: await count('settings'),
    rotations: await count('rotations'),
    media: await count('media'),
  };
}

const none = { users: 0, sessions: 0, toys: 0, lists: 0, settings: 0, rotations: 0, media: 0 };

describe('POST deleteUser', () => {
  it("removes the user's rows and photo files, but keeps a file another user also has", async () => {
    const leaving = await seedUser(t.deps);
    const staying = await seedUser(t.deps);
    const api = apiClient(t, leaving.token);
    const own = makePng(2, 2, 60);
    const shared = makePng(2, 2, 61);
    await api.put('updateSettings', { toysBaskets: ['Shelf'] });
    await api.post('addToy', { data: dataUrl(own, 'image/png'), title: 'Mine' });
    await api.post('addToy', { data: dataUrl(shared, 'image/png'), title: 'Ours' });
    await apiClient(t, staying.token).post('addToy', { data: dataUrl(shared, 'image/png'), title: 'Also mine' });
    await api.get('pickRandomToys');
    expect(await rowsOf(leaving.userId)).toMatchObject({ users: 1, toys: 2, media: 2, rotations: 1 });

    const res = await api.post('deleteUser/');
    expect(res).toMatchObject({ status: 200, body: { msg: 'Your account has been deleted.' } });
    expect(await rowsOf(leaving.userId)).toEqual(none);
    expect(fs.existsSync(mediaFilePath(t.dataDir, mediaId(own)))).toBe(false);
    expect(fs.existsSync(mediaFilePath(t.dataDir, mediaId(shared)))).toBe(true);
    expect((await t.app.request(`/api/media/${mediaId(shared)}`)).status).toBe(200);
    expect((await api.get('getusertoys')).status).toBe(401); // the token died with the account
    expect(await rowsOf(staying.userId)).toMatchObject({ users: 1, toys: 1, media: 1 });
  });
});

describe('daily cleanup', () => {
  it('deletes accounts inactive for more than a year, with their photos, and keeps active ones', async () => {
    const now = t.deps.now();
    const idle = await seedUser(t.deps);
    const png = makePng(2, 2, 70);
    await apiClient(t, idle.token).post('addToy', { data: dataUrl(png, 'image/png'), title: 'Dusty' });
    const recent = await seedUser(t.deps);
    await t.db.updateTable('users').set({ last_active_at: now - 366 * DAY }).where('id', '=', idle.userId).execute();
    await t.db.updateTable('users').set({ last_active_at: now - 300 * DAY }).where('id', '=', recent.userId).execute();

    const report = await runDailyCleanup(t.deps);
    expect(report.inactiveUsersDeleted).toBe(1);
    expect(await rowsOf(idle.userId)).toEqual(none);
    expect(fs.existsSync(mediaFilePath(t.dataDir, mediaId(png)))).toBe(false);
    expect((await rowsOf(recent.userId)).users).toBe(1);
    expect(INACTIVE_ACCOUNT_MS).toBe(365 * DAY);
  });

  it('purges expired sessions, used or expired password resets and expired captcha uses only', async () => {
    const user = await seedUser(t.deps);
    const now = t.deps.now();
    await t.db
      .insertInto('sessions')
      .values([
        { token_hash: hashToken('old-session'), user_id: user.userId, created_at: now - 3 * DAY, expires_at: now - DAY },
        { token_hash: hashToken('live-session'), user_id: user.userId, created_at: now, expires_at: now + DAY },
      ])
      .execute();
    await t.db
      .insertInto('password_resets')
      .values([
        { token_hash: 'used', user_id: user.userId, expires_at: now + DAY, used_at: now },
        { token_hash: 'expired', user_id: user.userId, expires_at: now - 1, used_at: null },
        { token_hash: 'live', user_id: user.userId, expires_at: now + DAY, used_at: null },
      ])
      .execute();
    await t.db
      .insertInto('captcha_uses')
      .values([
        { signature: 'old', expires_at: now - 1 },
        { signature: 'live', expires_at: now + DAY },
      ])
      .execute();

    const report = await runDailyCleanup(t.deps);
    expect(report).toMatchObject({ sessionsPurged: 1, passwordResetsPurged: 2, captchaUsesPurged: 1 });
    const sessions = await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.userId).execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(hashToken('old-session'));
    expect(sessions.map((s) => s.token_hash)).toContain(hashToken('live-session'));
    expect((await t.db.selectFrom('password_resets').select('token_hash').execute()).map((r) => r.token_hash)).toEqual(['live']);
    expect((await t.db.selectFrom('captcha_uses').select('signature').execute()).map((r) => r.signature)).toEqual(['live']);
  });

  it('startScheduledJobs runs the cleanup shortly after start and stops when asked', async () => {
    const idle = await seedUser(t.deps);
    await t.db.updateTable('users').set({ last_active_at: t.deps.now() - 400 * DAY }).where('id', '=', idle.userId).execute();
    const lines: string[] = [];
    const stop = startScheduledJobs({ ...t.deps, log: (line) => lines.push(line) }, { firstRunDelayMs: 5 });
    // Other scheduled jobs (storage compaction) log their own lines; the cleanup's is the one read here.
    const cleanupLine = () => lines.find((line) => line.startsWith('daily cleanup'));
    await expect.poll(cleanupLine, { timeout: 5000 }).toBeDefined();
    stop();
    expect(cleanupLine()).toMatch(/daily cleanup: 1 inactive accounts deleted/);
    expect((await rowsOf(idle.userId)).users).toBe(0);
  });
});
