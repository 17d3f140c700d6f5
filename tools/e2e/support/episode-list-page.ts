/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { waitFor } from '@castbase/platform-testing';

// What a browser test reads and clicks on the All Episodes screen.

export function episodeListPage(page: Page, baseUrl: string, podcastId: () => string) {
  const listTitles = () =>
    page.getByRole('list', { name: 'Episodes' }).getByRole('heading', { level: 2 }).allTextContents();
  const showing = (text: string) => page.getByText(text, { exact: true }).waitFor();
  return {
    /** Opens /p/{id}/episodes with a query ('?status=draft') and waits for its heading. */
    open: async (query = '') => {
      await page.goto(`${baseUrl}/p/${podcastId()}/episodes${query}`);
      await page.getByRole('heading', { level: 1, name: 'All Episodes' }).waitFor();
    },
    /** Waits for the count line ('Showing 21–40 of 200'). */
    showing,
    /** Waits for the first page's count line for a total. */
    showingFirstPageOf: (total: number) => showing(`Showing 1–${Math.min(20, total)} of ${total}`),
    /** The titles of the list view, in order. */
    listTitles,
    /** Waits until the list shows these titles first, in this order. */
    expectFirstTitles: (expected: string[]) =>
      waitFor(`the list to start with ${expected.join(', ')}`, async () => {
        const shown = await listTitles();
        return expected.every((title, index) => shown[index] === title);
      }),
    menuOf: (title: string) => page.getByRole('button', { name: `Actions for ${title}`, exact: true }),
    sortButton: (name: string) =>
      page.getByRole('group', { name: 'Sort by' }).getByRole('button', { name, exact: true }),
  };
}
