import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { isFirstPaintVisit } from './first-paint/first-paint-visit.js';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// A first visit to '/' loads the landing page with React alone; every other page loads the app. Both come with
// their own chunks, so neither downloads the other (docs/web.md, "Bundle size").
const page: Promise<ComponentType> = isFirstPaintVisit()
  ? import('./first-paint/first-paint-landing.js').then((module) => module.FirstPaintLanding)
  : import('./app/app.js').then((module) => module.App);

page.then(
  (Page) =>
    createRoot(rootElement).render(
      <StrictMode>
        <Page />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error('Could not load Castbase', error);
    rootElement.textContent = 'Castbase could not load. Reload the page to try again.';
  },
);
