import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { resolveWebDist } from '../web/web-app.js';

/** What a server-rendered page puts into the web app's index.html. */
export interface RenderedPage {
  /** The `lang` of the document. */
  language: string;
  /** Tags for the head: title, meta, links, JSON-LD, the page data. */
  head: string[];
  /** HTML for inside the root element, shown until the app renders (and to readers that run no JavaScript). */
  body: string;
}

/** A document without the web app (a gateway serving no WEB_DIST_DIR): the same head and body, no script. */
const BARE_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="color-scheme" content="light dark" />
    <title>Castbase</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** Plain styles for the server-rendered content, until the app's own take over. */
const FALLBACK_STYLE = `<style>.cb-ssr{max-width:760px;margin:0 auto;padding:24px 16px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5}.cb-ssr img{width:160px;height:160px;object-fit:cover;border-radius:12px}.cb-ssr audio{width:100%}.cb-ssr a{color:inherit}</style>`;

/**
 * The built web app's index.html, read once, with a page's head tags and content put in: the app's own title and
 * description are replaced by the page's, its content goes inside `<div id="root">`, where React renders later.
 */
@Injectable()
export class PublicHtmlShell {
  private readonly template: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const webDist = resolveWebDist(config.WEB_DIST_DIR);
    this.template = webDist ? readFileSync(join(webDist, 'index.html'), 'utf8') : BARE_SHELL;
  }

  render(page: RenderedPage): string {
    const head = [...page.head, FALLBACK_STYLE].map((tag) => `    ${tag}`).join('\n');
    return this.template
      .replace(/<html lang="[^"]*"/, () => `<html lang="${page.language.replace(/[^A-Za-z0-9-]/g, '')}"`)
      .replace(/\s*<title>[\s\S]*?<\/title>/, '')
      .replace(/\s*<meta\s+name="description"[\s\S]*?>/, '')
      .replace('</head>', () => `${head}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`);
  }
}
