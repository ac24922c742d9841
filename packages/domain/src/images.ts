// The resized copies of an uploaded picture ("/uploads/<name>.webp"): the server makes them at
// these widths and serves them at /public/uploads/w/{width}/<name>.webp; the storefront asks for
// them with a srcset, and the server's pages preload the very same files.

export const IMAGE_WIDTHS = [250, 500, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Widths a picture is shown at (a card, the product gallery); each has a double for dense screens. */
export type DisplayWidth = 250 | 500;
const DOUBLE: Record<DisplayWidth, ImageWidth> = { 250: 500, 500: 800 };

const UPLOADED_WEBP = /^\/uploads\/([\w-]+\.webp)$/;

/** The copy of an uploaded picture at a width; null for any other path. */
export function resizedImageUrl(path: string, width: ImageWidth): string | null {
  const name = UPLOADED_WEBP.exec(path)?.[1];
  return name ? `/public/uploads/w/${width}/${name}` : null;
}

/** The 2× copy's width of a picture shown `width` CSS pixels wide. */
export function doubleWidth(width: DisplayWidth): ImageWidth {
  return DOUBLE[width];
}

/** srcset offering the 1× and 2× copies of an uploaded picture shown `width` pixels wide; null otherwise. */
export function resizedImageSrcSet(path: string, width: DisplayWidth): string | null {
  const single = resizedImageUrl(path, width);
  return single ? `${single} 1x, ${resizedImageUrl(path, doubleWidth(width))} 2x` : null;
}
