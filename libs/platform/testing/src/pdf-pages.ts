// A PDF's pages as a reader sees them, for tests: each rendered to pixels (and PNG) and its text extracted, with
// MuPDF's WebAssembly build (the `mupdf` dev dependency), so the tests need nothing beyond `npm install` (Debian's
// poppler-utils `pdftoppm` is not there on a fresh machine).

export interface RenderedPdfPage {
  /** The page's text in reading order, as MuPDF extracts it. */
  text: string;
  png: Uint8Array;
  width: number;
  height: number;
  /** Share (0–1) of pixels that are not near-white: 0 is a blank page. */
  inkRatio: number;
  /** How many pixels are within `tolerance` of an RGB colour on every channel (e.g. a chart's bars). */
  pixelsNear(color: readonly [number, number, number], tolerance?: number): number;
}

/** Every page of the PDF at `dpi` (72: one pixel per point). Fails when the bytes are not a PDF MuPDF can open. */
export async function renderPdfPages(pdf: Uint8Array, dpi = 72): Promise<RenderedPdfPage[]> {
  // Loaded here rather than on import: the WebAssembly module is large, and most tests never read a PDF.
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pages: RenderedPdfPage[] = [];
  try {
    for (let index = 0; index < document.countPages(); index += 1) {
      const page = document.loadPage(index);
      const pixmap = page.toPixmap(
        mupdf.Matrix.scale(dpi / 72, dpi / 72),
        mupdf.ColorSpace.DeviceRGB,
        false,
        true,
      );
      // A copy: the pixmap's own pixels live in WebAssembly memory, freed with it below.
      const pixels = new Uint8ClampedArray(pixmap.getPixels());
      const components = pixmap.getNumberOfComponents() + pixmap.getAlpha();
      const count = pixels.length / components;
      let inked = 0;
      for (let offset = 0; offset < pixels.length; offset += components) {
        if (
          (pixels[offset] ?? 255) < 235 ||
          (pixels[offset + 1] ?? 255) < 235 ||
          (pixels[offset + 2] ?? 255) < 235
        )
          inked += 1;
      }
      pages.push({
        text: page.toStructuredText('preserve-whitespace').asText(),
        png: pixmap.asPNG(),
        width: pixmap.getWidth(),
        height: pixmap.getHeight(),
        inkRatio: inked / count,
        pixelsNear: ([red, green, blue], tolerance = 12) => {
          let near = 0;
          for (let offset = 0; offset < pixels.length; offset += components) {
            if (
              Math.abs((pixels[offset] ?? 0) - red) <= tolerance &&
              Math.abs((pixels[offset + 1] ?? 0) - green) <= tolerance &&
              Math.abs((pixels[offset + 2] ?? 0) - blue) <= tolerance
            )
              near += 1;
          }
          return near;
        },
      });
      pixmap.destroy();
      page.destroy();
    }
  } finally {
    document.destroy();
  }
  return pages;
}
