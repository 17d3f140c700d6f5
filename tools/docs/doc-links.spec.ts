import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

/**
 * The README and the pages under docs/ are read in a clone of the repository, on GitHub and in editors: every relative
 * link in them must name a file or folder of the repository, never one beside it that a person who clones Castbase
 * does not have.
 */
const root = resolve(import.meta.dirname, '../..');

/** CommonMark as GitHub reads it for links, with raw HTML kept as tokens so that its `href` and `src` can be read. */
const markdown = new MarkdownIt({ html: true });

/** README.md and every Markdown page under docs/, as paths from the repository's root. */
function documents(): string[] {
  const pages = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file))
    .sort();
  return ['README.md', ...pages];
}

interface Found {
  line: number;
  target: string;
}

/** `href` and `src` attributes of raw HTML, with the line each starts on, counted from `line`. */
function htmlAttributes(html: string, line: number): Found[] {
  return [...html.matchAll(/\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi)].map((match) => ({
    line: line + html.slice(0, match.index).split('\n').length - 1,
    target: match[1] ?? match[2] ?? match[3] ?? '',
  }));
}

/**
 * What `text` points at: `links` are link and image targets (reference-style ones already resolved by markdown-it) and
 * HTML `href`/`src` attributes; `spans` are the code spans. Code blocks hold neither. Lines count from 1 and are those
 * markdown-it gives its block tokens: what is inside a paragraph, heading or table row is reported on the block's first
 * line (a code span's line breaks are gone from its token, so breaks cannot be counted within the block), a raw HTML
 * block's attributes on their own lines.
 */
function scan(text: string): { links: Found[]; spans: Found[] } {
  const links: Found[] = [];
  const spans: Found[] = [];
  let line = 1;
  const walk = (tokens: Token[]): void => {
    for (const token of tokens) {
      if (token.map) line = token.map[0] + 1;
      if (token.type === 'link_open') links.push({ line, target: String(token.attrGet('href') ?? '') });
      if (token.type === 'image') links.push({ line, target: String(token.attrGet('src') ?? '') });
      if (token.type === 'html_inline' || token.type === 'html_block') {
        links.push(...htmlAttributes(token.content, line));
      }
      if (token.type === 'code_inline') spans.push({ line, target: token.content.trim() });
      if (token.children) walk(token.children);
    }
  };
  walk(markdown.parse(text, {}));
  return { links, spans };
}

/** Where a relative target points from `document`; undefined for web addresses, e-mail and anchors on the page. */
function localPath(document: string, target: string): string | undefined {
  if (target === '' || target.startsWith('#') || target.startsWith('//')) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const path = decodeURIComponent(target.replace(/[?#].*$/, ''));
  return path.startsWith('/') ? join(root, path) : resolve(root, dirname(document), path);
}

function insideRepository(path: string): boolean {
  const fromRoot = relative(root, path);
  return fromRoot === '' || (!fromRoot.startsWith('..') && !isAbsolute(fromRoot));
}

/** The links of `document` that leave the repository or name nothing in it, as `file:line: target (why)`. */
function brokenLinks(document: string): string[] {
  const { links } = scan(readFileSync(join(root, document), 'utf8'));
  return links.flatMap(({ line, target }) => {
    const path = localPath(document, target);
    if (path === undefined) return [];
    if (!insideRepository(path)) return [`${document}:${line}: ${target} (outside the repository)`];
    if (!existsSync(path)) return [`${document}:${line}: ${target} (no such file)`];
    return [];
  });
}

/** Code spans of `document` that name a path beside the repository (`../...` read from the document's folder). */
function pathsOutside(document: string): string[] {
  const { spans } = scan(readFileSync(join(root, document), 'utf8'));
  return spans
    .filter(({ target }) => target.startsWith('../'))
    .filter(({ target }) => !insideRepository(resolve(root, dirname(document), target.split(/\s/)[0]!)))
    .map(({ line, target }) => `${document}:${line}: ${target}`);
}

describe('links in the README and docs/', () => {
  it.each(documents())('%s links only to files that are in the repository', (document) => {
    expect(brokenLinks(document)).toEqual([]);
  });

  it.each(documents())('%s names no path outside the repository in its code spans', (document) => {
    expect(pathsOutside(document)).toEqual([]);
  });

  it('finds the README and the architecture page among the documents it checks', () => {
    expect(documents()).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
  });

  it('takes links, images and HTML attributes with their lines, code spans apart, and nothing from code blocks', () => {
    expect(
      scan(
        [
          'See [the map](docs/architecture.md#messages "title")',
          'and ![logo](<docs/a b.png>) and [the style][ref].',
          '',
          '[ref]: ../shared/STYLE.md',
          '',
          '<p>',
          '  <img src="docs/logo.svg">',
          '</p>',
          '',
          '| Page | Where |',
          '| ---- | ----- |',
          '| ADRs | <a href="docs/adr/">ADRs</a> and `../beside.md` |',
          '',
          '```',
          '[not a link](fenced.md) `../fenced`',
          '```',
        ].join('\n'),
      ),
    ).toEqual({
      links: [
        { line: 1, target: 'docs/architecture.md#messages' },
        { line: 1, target: 'docs/a%20b.png' },
        { line: 1, target: '../shared/STYLE.md' },
        { line: 7, target: 'docs/logo.svg' },
        { line: 12, target: 'docs/adr/' },
      ],
      spans: [{ line: 12, target: '../beside.md' }],
    });
  });

  it('leaves web addresses, e-mail and anchors alone, and reads file links without their fragment', () => {
    expect(localPath('README.md', 'https://podcastindex.org/')).toBeUndefined();
    expect(localPath('README.md', 'mailto:team@example.com')).toBeUndefined();
    expect(localPath('README.md', '#environment')).toBeUndefined();
    expect(localPath('docs/feeds.md', 'adr/0014-feeds-answered-before-nest.md#why')).toBe(
      join(root, 'docs/adr/0014-feeds-answered-before-nest.md'),
    );
    expect(localPath('README.md', 'docs/a%20b.png?raw=1')).toBe(join(root, 'docs/a b.png'));
    expect(insideRepository(localPath('README.md', '../shared/ARCHITECTURE.md')!)).toBe(false);
  });
});
