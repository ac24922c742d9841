// The custom order's reference images: the shared browser-side checks (lib/image-files.ts), said
// in the visitor's language.
import { prepareImage as prepare, type ImageRefusal } from '../../../lib/image-files.ts';
import { t, type MessageKey } from '../../i18n/i18n.ts';

const MESSAGES = {
  'not-image': 'customOrder.imageNotImage',
  'too-large': 'customOrder.imageTooLarge',
} as const satisfies Record<ImageRefusal, MessageKey>;

export type PreparedImage = { ok: true; file: File } | { ok: false; error: string };

export async function prepareImage(file: File): Promise<PreparedImage> {
  const prepared = await prepare(file);
  return prepared.ok ? prepared : { ok: false, error: t(MESSAGES[prepared.reason]) };
}
