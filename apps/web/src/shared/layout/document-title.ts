import { useEffect } from 'react';
import { PRODUCT_NAME } from '../brand/castbase-mark.js';

/** The browser tab's title for a page: "<page> · Castbase", or the product's name alone. */
export function documentTitle(page: string | null): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Names the browser tab after the screen being shown (WCAG 2.4.2), so a screen reader announces where a navigation
 * arrived and tabs and history entries can be told apart.
 */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
