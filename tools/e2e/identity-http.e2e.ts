import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  DEFAULT_USER_SETTINGS,
  type DeletionStatus,
  type MediaFile,
  type Podcast,
  type UserProfile,
  type UserSettings,
} from '@castbase/contracts';
import { resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { createTestDatabase, freePort, waitFor, type TestDatabase } from '@castbase/platform-testing';
import type { RunningProcess } from '@castbase/platform-runtime';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { ApiClient, createTestUser, type TestUser } from './support/api-client.js';
import { createPodcast, uploadFile } from './support/publish-flow.js';
import { testProcessEnv } from './support/test-process-env.js';

const run = promisify(execFile);

/** A 400×400 PNG rendered by ffmpeg, as an avatar or a podcast logo would be. */
async function renderPng(): Promise<Buffer> {
  const path = join(await mkdtemp(join(tmpdir(), 'castbase-png-')), 'image.png');
  const { ffmpegPath } = resolveFfmpegBinaries();
  await run(ffmpegPath, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=blue:s=400x400',
    '-frames:v',
    '1',
    path,
  ]);
  return readFile(path);
}

/** Uploads an avatar image and waits until it is processed, as the web app does before it sets the avatar. */
async function uploadPng(api: ApiClient, png: Buffer, fileName: string): Promise<MediaFile> {
  const uploaded = await uploadFile(api, { input: png, fileName, fileType: 'image/png', purpose: 'avatar' });
  return waitFor(`${fileName} to be processed`, async () => {
    const file = await api.ok<MediaFile>('GET', `/api/media/${uploaded.id}`);
    return file.status === 'processing' ? undefined : file;
  });
}

const profileForm = (username: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  username,
  timezone: 'America/New_York',
});

/** A username no other test of this run has taken. */
const freshUsername = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;

describe('identity over HTTP: profile, settings, onboarding exit, export and deletion, always the caller’s own', () => {
  let database: TestDatabase;
  let running: RunningProcess;
  let png: Buffer;

  beforeAll(async () => {
    database = await createTestDatabase('identity_http');
    running = await runAllInOne(
      await testProcessEnv(database, await freePort(), 'in-process', { RATE_LIMIT_PER_MINUTE: '100000' }),
    );
    png = await renderPng();
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  const client = (user: TestUser) => new ApiClient(running.url).as(user);

  async function onboarded(name: string, form: { emailOptIn?: boolean } = {}) {
    const user = await createTestUser(name);
    const api = client(user);
    const profile = await api.ok<UserProfile>('POST', '/api/profile', {
      ...profileForm(freshUsername(name)),
      ...form,
    });
    return { user, api, profile };
  }

  /** Every table of the identity schema with a row that, read as text, contains `needle`. */
  async function identityTablesContaining(needle: string): Promise<string[]> {
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows: tables } = await db.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'identity' and table_type = 'BASE TABLE'`,
      );
      const found: string[] = [];
      for (const { table_name: table } of tables) {
        const { rows } = await db.query(
          `select 1 from identity."${table}" as row where strpos(row::text, $1) > 0`,
          [needle],
        );
        if (rows.length > 0) found.push(table);
      }
      return found;
    } finally {
      await db.end();
    }
  }

  describe('the profile', () => {
    it('is null before onboarding, then created (201) with the token’s e-mail, read and saved', async () => {
      const user = await createTestUser('grace');
      const api = client(user);
      const username = freshUsername('Grace');

      expect(await api.call('GET', '/api/profile')).toEqual({ status: 200, body: { profile: null } });
      const created = await api.call<UserProfile>('POST', '/api/profile', profileForm(username));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        id: user.id,
        username,
        displayName: 'Grace Hopper',
        email: 'grace@example.com',
        timezone: 'America/New_York',
        onboardingComplete: false,
      });

      const saved = await api.ok<UserProfile>('PATCH', '/api/profile', {
        bio: 'Compilers.',
        onboardingComplete: true,
      });
      expect(saved).toMatchObject({ bio: 'Compilers.', onboardingComplete: true });
      expect(await api.ok('GET', '/api/profile')).toEqual({ profile: saved });
    });

    it('answers the availability of a username: free, own, taken in another case, or badly formed', async () => {
      const { api, profile } = await onboarded('avail');
      const other = await onboarded('other');
      const check = (name: string) =>
        api.ok(`GET`, `/api/profile/username-availability?u=${encodeURIComponent(name)}`);

      expect(await check(profile.username.toUpperCase())).toMatchObject({ available: true, reason: null });
      expect(await check(freshUsername('free'))).toMatchObject({ available: true });
      expect(await check(other.profile.username.toLowerCase())).toMatchObject({
        available: false,
        reason: 'username_taken',
      });
      expect(await check('a')).toMatchObject({ available: false, reason: 'invalid_username_format' });
    });

    it('answers with the spec’s words: 409 taken, 409 exists, 400 for a 500-character bio, 404 before onboarding', async () => {
      const { api, profile } = await onboarded('rules');
      const newcomer = client(await createTestUser('newcomer'));

      expect(
        await newcomer.call('POST', '/api/profile', profileForm(profile.username.toUpperCase())),
      ).toEqual({
        status: 409,
        body: { code: 'USERNAME_TAKEN', message: 'That username is already taken' },
      });
      expect(await api.call('POST', '/api/profile', profileForm(freshUsername('again')))).toMatchObject({
        status: 409,
        body: { code: 'PROFILE_EXISTS' },
      });
      expect(await api.call('PATCH', '/api/profile', { bio: 'x'.repeat(500) })).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'bio: Bio must be less than 500 characters' },
      });
      expect(await newcomer.call('PATCH', '/api/profile', { bio: 'hi' })).toEqual({
        status: 404,
        body: { code: 'PROFILE_NOT_FOUND', message: 'User profile not found' },
      });
    });

    it('sets an uploaded image as the avatar and removes it, deleting the file', async () => {
      const { api } = await onboarded('pictured');
      const first = await uploadPng(api, png, 'me.png');
      const second = await uploadPng(api, png, 'me-again.png');

      expect(await api.ok('PUT', '/api/profile/avatar', { mediaId: first.id })).toMatchObject({
        avatarUrl: first.url,
        avatarMediaId: first.id,
      });
      await api.ok('PUT', '/api/profile/avatar', { mediaId: second.id });
      expect((await api.call('GET', `/api/media/${first.id}`)).status).toBe(404);

      expect(await api.ok('DELETE', '/api/profile/avatar')).toMatchObject({
        avatarUrl: null,
        avatarMediaId: null,
      });
      expect((await api.call('GET', `/api/media/${second.id}`)).status).toBe(404);
    });
  });

  describe('settings', () => {
    it('reads the defaults, then merges each partial save', async () => {
      const api = client(await createTestUser('settings'));

      expect(await api.ok('GET', '/api/settings')).toEqual({ ...DEFAULT_USER_SETTINGS, updatedAt: null });
      await api.ok('PATCH', '/api/settings', { notifications: { weeklyReport: true } });
      const saved = await api.ok<UserSettings>('PATCH', '/api/settings', { appearance: { theme: 'dark' } });

      expect(saved).toMatchObject({
        notifications: { ...DEFAULT_USER_SETTINGS.notifications, weeklyReport: true },
        appearance: { theme: 'dark' },
      });
      expect(await api.ok('GET', '/api/settings')).toEqual(saved);
      expect((await api.call('PATCH', '/api/settings', { appearance: { theme: 'sepia' } })).status).toBe(400);
    });
  });

  describe('another creator', () => {
    it('cannot read, change or delete anything of Alice’s: every call of Bob’s acts on Bob alone', async () => {
      const alice = await onboarded('alice');
      const avatar = await uploadPng(alice.api, png, 'alice.png');
      await alice.api.ok('PUT', '/api/profile/avatar', { mediaId: avatar.id });
      const aliceSettings = await alice.api.ok<UserSettings>('PATCH', '/api/settings', {
        privacy: { profilePublic: false },
      });
      const aliceBefore = await alice.api.ok<{ profile: UserProfile }>('GET', '/api/profile');
      const bob = client(await createTestUser('bob'));

      expect(await bob.ok('GET', '/api/profile')).toEqual({ profile: null });
      expect(await bob.ok('GET', '/api/settings')).toEqual({ ...DEFAULT_USER_SETTINGS, updatedAt: null });
      expect(await bob.ok('GET', '/api/account/deletion')).toEqual({ deletion: null });
      expect((await bob.call('PATCH', '/api/profile', { bio: 'hijacked' })).status).toBe(404);
      expect(await bob.call('PUT', '/api/profile/avatar', { mediaId: avatar.id })).toMatchObject({
        status: 404,
        body: { code: 'MEDIA_NOT_FOUND' },
      });
      expect((await bob.call('DELETE', '/api/profile/avatar')).status).toBe(404);
      await bob.ok('PATCH', '/api/settings', { privacy: { profilePublic: true, marketingEmails: true } });
      expect(await bob.ok('POST', '/api/onboarding/exit', { logoMediaId: avatar.id })).toEqual({
        profileDeleted: false,
        logoDeleted: false,
      });
      expect(
        (await bob.call('POST', '/api/account/deletion', { confirmation: 'DELETE MY ACCOUNT' })).status,
      ).toBe(202);
      expect((await bob.call('POST', '/api/account/deletion/retry')).status).toBe(202);

      expect(await alice.api.ok('GET', '/api/profile')).toEqual(aliceBefore);
      expect(await alice.api.ok('GET', '/api/settings')).toEqual(aliceSettings);
      expect(await alice.api.ok('GET', '/api/account/deletion')).toEqual({ deletion: null });
      expect((await alice.api.call('GET', `/api/media/${avatar.id}`)).status).toBe(200);
    });

    it('has no identity route that takes a user id: the token’s subject is the only handle', async () => {
      const document = (await (await fetch(`${running.url}/api/docs/openapi.json`)).json()) as {
        paths: Record<string, unknown>;
      };
      const identityPaths = Object.keys(document.paths).filter((path) =>
        /^\/api\/(profile|settings|onboarding|account)/.test(path),
      );

      expect(identityPaths.sort()).toEqual([
        '/api/account/deletion',
        '/api/account/deletion/retry',
        '/api/account/export',
        '/api/onboarding/exit',
        '/api/profile',
        '/api/profile/avatar',
        '/api/profile/username-availability',
        '/api/settings',
      ]);
    });
  });

  describe('onboarding’s exit', () => {
    it('deletes the profile and the uploaded logo of a creator without a podcast', async () => {
      const { api } = await onboarded('quitter');
      const logo = await uploadPng(api, png, 'logo.png');

      expect(await api.ok('POST', '/api/onboarding/exit', { logoMediaId: logo.id })).toEqual({
        profileDeleted: true,
        logoDeleted: true,
      });
      expect(await api.ok('GET', '/api/profile')).toEqual({ profile: null });
      expect((await api.call('GET', `/api/media/${logo.id}`)).status).toBe(404);
    });

    it('never deletes a podcast, its profile or a logo that podcast uses', async () => {
      const { api } = await onboarded('keeper');
      const logo = await uploadPng(api, png, 'logo.png');
      const podcast = await api.ok<Podcast>('POST', '/api/podcasts', {
        name: 'Kept Show',
        description: 'A show that stays when its creator leaves the onboarding wizard again.',
        author: 'Keeper',
        artworkMediaId: logo.id,
      });

      expect(await api.ok('POST', '/api/onboarding/exit', { logoMediaId: logo.id })).toEqual({
        profileDeleted: false,
        logoDeleted: false,
      });
      expect((await api.ok<{ profile: UserProfile | null }>('GET', '/api/profile')).profile).not.toBeNull();
      expect(
        (await api.ok<{ items: Podcast[] }>('GET', '/api/podcasts')).items.map((item) => item.id),
      ).toEqual([podcast.id]);
      expect((await api.call('GET', `/api/media/${logo.id}`)).status).toBe(200);
    });
  });

  describe('the data export', () => {
    it('downloads one JSON file with the date, settings, profile, podcasts and every episode', async () => {
      // Opted in to product news at onboarding: the marketing e-mails preference, exported once in each place.
      const { user, api } = await onboarded('exporter', { emailOptIn: true });
      await api.ok('PATCH', '/api/settings', { appearance: { theme: 'light' } });
      const podcast = await createPodcast(api, 'Exported Show');
      for (const title of ['One', 'Two', 'Three'])
        await api.ok('POST', `/api/podcasts/${podcast.id}/episodes`, { title });
      // The new podcast's feed is generated in the background and recorded on the profile: export after that.
      const profile = await waitFor('the feed URL on the profile', async () => {
        const { profile: current } = await api.ok<{ profile: UserProfile }>('GET', '/api/profile');
        return current.rssFeedUrl ? current : undefined;
      });

      const download = await fetch(`${running.url}/api/account/export`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(download.headers.get('content-disposition')).toMatch(
        /^attachment; filename="castbase-data-export-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const document = JSON.parse(await download.text()) as {
        exportedAt: string;
        settings: UserSettings;
        profile: UserProfile;
        podcasts: Podcast[];
        episodes: Array<{ title: string }>;
      };
      expect(Date.parse(document.exportedAt)).not.toBeNaN();
      expect(document.settings.appearance.theme).toBe('light');
      expect(document.settings.privacy.marketingEmails).toBe(true);
      expect(document.profile).toEqual(profile);
      expect(document.profile.emailOptIn).toBe(true);
      expect(document.podcasts.map((item) => item.id)).toEqual([podcast.id]);
      expect(document.episodes.map((episode) => episode.title)).toEqual(['One', 'Two', 'Three']);
    });
  });

  describe('account deletion', () => {
    it(`refuses anything but "DELETE MY ACCOUNT" with 400 "Please type DELETE MY ACCOUNT to confirm"`, async () => {
      const { api } = await onboarded('hesitant');

      for (const body of [{ confirmation: 'delete my acount' }, {}, undefined])
        expect(await api.call('POST', '/api/account/deletion', body)).toEqual({
          status: 400,
          body: { code: 'DELETION_NOT_CONFIRMED', message: 'Please type DELETE MY ACCOUNT to confirm' },
        });
      expect(await api.ok('GET', '/api/account/deletion')).toEqual({ deletion: null });
    });

    it('runs across every service to completion, leaving identity nothing of the user id or e-mail', async () => {
      const { user, api } = await onboarded('leaver');
      await api.ok('PATCH', '/api/settings', { appearance: { theme: 'dark' } });
      await createPodcast(api, 'Leaving Show');

      const started = await api.call<DeletionStatus>('POST', '/api/account/deletion', {
        confirmation: ' delete my account ',
      });
      expect(started).toMatchObject({ status: 202, body: { status: 'in_progress', attempts: 1 } });

      const completed = await waitFor(
        'the deletion to complete',
        async () => {
          const { deletion } = await api.ok<{ deletion: DeletionStatus | null }>(
            'GET',
            '/api/account/deletion',
          );
          return deletion?.status === 'completed' ? deletion : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      expect(completed.steps.every((step) => step.status === 'done')).toBe(true);
      expect(await api.ok('GET', '/api/profile')).toEqual({ profile: null });
      expect(await api.ok('GET', '/api/podcasts')).toEqual({ items: [] });
      expect(await identityTablesContaining(user.id)).toEqual([]);
      expect(await identityTablesContaining('leaver@example.com')).toEqual([]);
    });
  });
});
