// Pictures are checked in the browser as soon as they are chosen (the server checks again): image
// type, actually decodable. Big photos are downscaled and re-encoded so a phone picture does not
// take minutes to upload on a mobile connection, and so one over MAX_UPLOAD_BYTES (a 13 MB, 50 MP
// phone photo) is sent at a size the server takes instead of being refused; only a picture that
// cannot be made small enough (or decoded) is refused. Used by the custom order's reference
// images and the back office's product images; each says why in its language.
import { MAX_UPLOAD_BYTES } from '@shop/domain/constants';

export const MAX_IMAGE_EDGE_PX = 1600;
export const RESIZE_ABOVE_BYTES = 1.5 * 1024 * 1024;
export const JPEG_QUALITY = 0.85;
/** Lower qualities tried in turn when a re-encoded picture is still over the upload limit. */
const FALLBACK_QUALITIES = [0.7, 0.5];

/** Why a file was refused: each area turns it into its own message. */
export type ImageRefusal = 'not-image' | 'too-large';

export type PreparedImage = { ok: true; file: File } | { ok: false; reason: ImageRefusal };

/** SVG is an image to the browser but not to the server (it can carry scripts). */
const REFUSED_TYPES = new Set(['image/svg+xml']);
/** Photos some browsers cannot decode but the server can (iPhone photos): sent as they are. */
const SERVER_DECODES = new Set(['image/heic', 'image/heif']);

/** What can be told without reading the file: whether it is an image at all. */
export function checkImageFile(file: File): ImageRefusal | null {
  if (!file.type.startsWith('image/') || REFUSED_TYPES.has(file.type)) return 'not-image';
  return null;
}

interface Decoded {
  width: number;
  height: number;
  source: CanvasImageSource;
  close: () => void;
}

async function decode(file: File): Promise<Decoded | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      return { width: bitmap.width, height: bitmap.height, source: bitmap, close: () => bitmap.close() };
    } catch {
      return null;
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight, source: img, close: () => undefined };
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Longest side scaled down to `max`, the other side in proportion; never upscales. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_EDGE_PX): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The picture drawn at `size` and encoded as JPEG, under the upload limit if a quality allows it. */
async function encodeJpeg(decoded: Decoded, size: { width: number; height: number }): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  // JPEG has no transparency: paint white under it so transparent PNGs do not turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(decoded.source, 0, 0, size.width, size.height);
  let blob = await toBlob(canvas, 'image/jpeg', JPEG_QUALITY);
  for (const quality of FALLBACK_QUALITIES) {
    if (!blob || blob.size <= MAX_UPLOAD_BYTES) break;
    blob = await toBlob(canvas, 'image/jpeg', quality);
  }
  return blob;
}

export async function prepareImage(file: File): Promise<PreparedImage> {
  const refusal = checkImageFile(file);
  if (refusal) return { ok: false, reason: refusal };
  const tooHeavy = file.size > MAX_UPLOAD_BYTES;
  const decoded = await decode(file);
  if (!decoded || decoded.width === 0 || decoded.height === 0) {
    // iPhone photos the server decodes and the browser may not: sent as they are, within the limit.
    if (SERVER_DECODES.has(file.type)) return tooHeavy ? { ok: false, reason: 'too-large' } : { ok: true, file };
    return { ok: false, reason: 'not-image' };
  }
  try {
    const tooWide = Math.max(decoded.width, decoded.height) > MAX_IMAGE_EDGE_PX;
    if (!tooWide && file.size <= RESIZE_ABOVE_BYTES) return { ok: true, file };
    const blob = await encodeJpeg(decoded, fitWithin(decoded.width, decoded.height));
    // Kept as it is when re-encoding fails or saves nothing, if the server will take it.
    const useful = blob && blob.size <= MAX_UPLOAD_BYTES && (tooWide || tooHeavy || blob.size < file.size);
    if (!useful) return tooHeavy ? { ok: false, reason: 'too-large' } : { ok: true, file };
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'image'}.jpg`;
    return { ok: true, file: new File([blob], name, { type: 'image/jpeg', lastModified: Date.now() }) };
  } finally {
    decoded.close();
  }
}
