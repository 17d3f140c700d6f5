/// <reference lib="dom" />
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Episode, EpisodeListPage, EpisodeVersion } from '@castbase/contracts';
import { renderTestVideo, renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import type { ApiClient } from './api-client.js';
import { browserApi, signUp } from './web-journey.js';

// Steps of the episode editor's browser test: its media files, reading episodes back through the API, Mantine
// selects, and a contributor who signs up with the e-mail they were invited with.

export interface JourneyMedia {
  firstMp3: string;
  secondMp3: string;
  videoMp4: string;
}

/** Two MP3s (6 s and 5 s tones) and a 2-second MP4, rendered by ffmpeg into `folder`. */
export async function renderJourneyMedia(folder: string): Promise<JourneyMedia> {
  const binaries = resolveFfmpegBinaries();
  const media = {
    firstMp3: join(folder, 'first-light.mp3'),
    secondMp3: join(folder, 'second_wind.mp3'),
    videoMp4: join(folder, 'video-take.mp4'),
  };
  await Promise.all([
    renderToneMp3(binaries, media.firstMp3, 6, 440),
    renderToneMp3(binaries, media.secondMp3, 5, 330),
    renderTestVideo(binaries, media.videoMp4, 'mp4', { seconds: 2, width: 320, height: 240 }),
  ]);
  return media;
}

/** The podcast's episode with exactly this title, as the API answers it. */
export async function episodeTitled(api: ApiClient, podcastId: string, title: string): Promise<Episode> {
  const list = await api.ok<EpisodeListPage>(
    'GET',
    `/api/podcasts/${podcastId}/episodes?search=${encodeURIComponent(title)}`,
  );
  const found = list.items.find((episode) => episode.title === title);
  if (!found) throw new Error(`No episode titled ${title}`);
  return found;
}

export async function versionsOf(api: ApiClient, episodeId: string): Promise<EpisodeVersion[]> {
  return (await api.ok<{ items: EpisodeVersion[] }>('GET', `/api/episodes/${episodeId}/versions`)).items;
}

/** Chooses an option of a Mantine select by its label. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * A person invited to the podcast (through `ownerApi`) who then signs up with that e-mail and sets up a profile:
 * their page, signed in, in a context of its own (close it after).
 */
export async function invitedContributor(
  browser: Browser,
  baseUrl: string,
  ownerApi: ApiClient,
  podcastId: string,
  invite: { email: string; role: 'editor' | 'viewer'; firstName: string; username: string },
): Promise<Page> {
  await ownerApi.ok('POST', `/api/podcasts/${podcastId}/contributors`, {
    email: invite.email,
    role: invite.role,
  });
  const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await signUp(page, baseUrl, invite.email);
  await page.waitForURL(`${baseUrl}/onboarding?mode=profile-creation`);
  await (
    await browserApi(page, baseUrl)
  ).ok('POST', '/api/profile', {
    firstName: invite.firstName,
    lastName: 'Contributor',
    username: invite.username,
  });
  return page;
}
