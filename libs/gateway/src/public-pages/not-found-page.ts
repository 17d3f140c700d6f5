import type { RenderedPage } from './html-shell.js';
import { escapeHtml } from './html-text.js';

/**
 * What an unknown, unpublished or private page answers (with a real 404), and what a page answers when the catalog
 * cannot be asked (503/504): a friendly page with a way on. The app renders its own version of it on top.
 */
export function renderProblemPage(kind: 'episode' | 'podcast', status: number): RenderedPage {
  const [title, message] =
    status === 404
      ? [
          kind === 'episode' ? 'Episode not found' : 'Podcast not found',
          `This ${kind} does not exist, is not published yet, or is private.`,
        ]
      : [
          'This page is unavailable',
          'Castbase could not load this page right now. Please try again in a moment.',
        ];
  return {
    language: 'en',
    head: [`<title>${escapeHtml(title)} · Castbase</title>`, '<meta name="robots" content="noindex">'],
    body: `<main class="cb-ssr"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Go to Castbase</a></p></main>`,
  };
}
