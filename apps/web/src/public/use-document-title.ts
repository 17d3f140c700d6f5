import { useEffect } from 'react';

/** The public pages are the creator's: the tab shows their episode and podcast, as the server's title does. */
export function usePublicDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
