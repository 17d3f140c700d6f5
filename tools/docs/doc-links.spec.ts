import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * The README and the pages under docs/ are read in a clone of the repository, on GitHub and in editors: every relative
 * link in them must name a file or folder of the repository, never one beside it that a person who clones Castbase
 * does not have.
 */
const root = resolve(import.meta.dirname, '../..');

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

/** The text with fenced code blocks blanked and code spans cut out (links there are not links), lines kept. */
function withoutCode(text: string): { prose: string; spans: Found[] } {
  let fence: string | undefined;
  const lines = text.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker) {
      fence = marker;
      return '';
    }
    if (fence !== undefined) {
      if (marker?.startsWith(fence)) fence = undefined;
      return '';
    }
    return line;
  });
  const spans: Found[] = [];
  const blanked = lines.join('\n');
  const prose = blanked.replace(
    /(`+)([\s\S]*?[^`])\1(?!`)/g,
    (span, _ticks, code: string, offset: number) => {
      spans.push({ line: lineAt(blanked, offset), target: code.trim() });
      return span.replace(/[^\n]/g, '');
    },
  );
  return { prose, spans };
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** Every link target: inline links and images, reference definitions, and HTML `href`/`src` attributes. */
function linkTargets(prose: string): Found[] {
  const patterns = [
    /\]\([ \t]*(?:<([^>\n]*)>|([^\s()]*(?:\([^\s()]*\)[^\s()]*)*))(?:[ \t]+(?:"[^"]*"|'[^']*'))?[ \t]*\)/g,
    /^ {0,3}\[[^\]\n]+\]:[ \t]*(?:<([^>\n]*)>|(\S+))/gm,
    /\b(?:href|src)=(?:"([^"]*)"|'([^']*)')/g,
  ];
  return patterns.flatMap((pattern) =>
    [...prose.matchAll(pattern)].map((match) => ({
      line: lineAt(prose, match.index),
      target: match[1] ?? match[2] ?? '',
    })),
  );
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

/** The links of `document` that leave the repository or name nothing in it, as `line: target (why)`. */
function brokenLinks(document: string): string[] {
  const { prose } = withoutCode(readFileSync(join(root, document), 'utf8'));
  return linkTargets(prose).flatMap(({ line, target }) => {
    const path = localPath(document, target);
    if (path === undefined) return [];
    if (!insideRepository(path)) return [`${line}: ${target} (outside the repository)`];
    if (!existsSync(path)) return [`${line}: ${target} (no such file)`];
    return [];
  });
}

/** Code spans of `document` that name a path beside the repository (`../...` read from the document's folder). */
function pathsOutside(document: string): string[] {
  const { spans } = withoutCode(readFileSync(join(root, document), 'utf8'));
  return spans
    .filter(({ target }) => /^\.\.\//.test(target))
    .filter(({ target }) => !insideRepository(resolve(root, dirname(document), target.split(/\s/)[0]!)))
    .map(({ line, target }) => `${line}: ${target}`);
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

  it('reads inline links, images, reference definitions and HTML attributes, and not what is in code', () => {
    const { prose } = withoutCode(
      [
        'See [the map](docs/architecture.md#messages "title") and ![logo](<docs/a b.png>).',
        '[ref]: ../shared/STYLE.md',
        '<a href="docs/adr/">ADRs</a> and `[not a link](code-span.md)`',
        '```',
        '[not a link](fenced.md)',
        '```',
      ].join('\n'),
    );
    expect(linkTargets(prose)).toEqual([
      { line: 1, target: 'docs/architecture.md#messages' },
      { line: 1, target: 'docs/a b.png' },
      { line: 2, target: '../shared/STYLE.md' },
      { line: 3, target: 'docs/adr/' },
    ]);
  });

  it('leaves web addresses, e-mail and anchors alone, and reads file links without their fragment', () => {
    expect(localPath('README.md', 'https://podcastindex.org/')).toBeUndefined();
    expect(localPath('README.md', 'mailto:team@example.com')).toBeUndefined();
    expect(localPath('README.md', '#environment')).toBeUndefined();
    expect(localPath('docs/feeds.md', 'adr/0014-feeds-answered-before-nest.md#why')).toBe(
      join(root, 'docs/adr/0014-feeds-answered-before-nest.md'),
    );
    expect(insideRepository(localPath('README.md', '../shared/ARCHITECTURE.md')!)).toBe(false);
  });
});
