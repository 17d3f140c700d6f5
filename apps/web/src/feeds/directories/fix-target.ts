import type { DirectoryFix, PodcastSettingsField } from '@castbase/contracts';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';

/** The label each settings field carries on the Podcast tab, which is how a fix link finds it there. */
const SETTINGS_FIELD_LABELS: Record<PodcastSettingsField, string> = {
  name: 'Podcast name',
  description: 'Description',
  artwork: 'Album art',
  category: 'Category',
  language: 'Language',
  author: 'Host name',
  explicit: 'Explicit content',
  email: 'Contact email',
};

export type FixTarget =
  { kind: 'route'; to: string; focusLabel?: string } | { kind: 'external'; href: string };

/** Where a requirement's fix link goes: a settings field, the upload screen, the RSS tab, or the directory's rules. */
export function fixTarget(podcastId: string, fix: DirectoryFix): FixTarget {
  switch (fix.kind) {
    case 'settings':
      return {
        kind: 'route',
        to: podcastPath(podcastId, 'settings/podcast'),
        focusLabel: SETTINGS_FIELD_LABELS[fix.field],
      };
    case 'upload':
      return { kind: 'route', to: podcastPath(podcastId, 'upload') };
    case 'feed':
      return { kind: 'route', to: podcastPath(podcastId, 'settings/rss') };
    case 'directory-help':
      return { kind: 'external', href: fix.url };
  }
}

const FOCUS_WAIT_MS = 10_000;

/**
 * Once the settings screen shows the field labelled `label`, scrolls to it and focuses its control. The settings
 * screen loads its code and the podcast first, so this watches the document until the field appears (or gives up).
 */
export function focusFieldWhenShown(label: string): void {
  const tryFocus = () => {
    const control = findLabelledControl(label);
    if (!control) return false;
    control.scrollIntoView({ block: 'center' });
    control.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), FOCUS_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
}

function findLabelledControl(label: string): HTMLElement | null {
  const form = document.querySelector('form[aria-label="Podcast settings"]');
  if (!form) return null;
  // The album art is a hidden file input named by aria-label, opened by the drop zone button that follows it; the
  // other fields are named by a <label for=…>.
  const named = form.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`);
  if (named)
    return named.hidden && named.nextElementSibling instanceof HTMLElement ? named.nextElementSibling : named;
  for (const element of form.querySelectorAll<HTMLLabelElement>('label[for]')) {
    if (element.textContent?.replace(/\s*\*\s*$/, '').trim() !== label) continue;
    return document.getElementById(element.htmlFor);
  }
  return null;
}
