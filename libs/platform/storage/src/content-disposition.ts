/**
 * `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 8187), so a
 * download keeps a name such as "Épisode 1.mp3" without letting quotes or newlines into the header.
 */
export function attachmentDisposition(fileName: string): string {
  const asciiFallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}
