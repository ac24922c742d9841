// The custom order's reference images: the shared browser-side checks (lib/image-files.ts), said
// in French.
import { prepareImage as prepare, type ImageRefusal } from '../../../lib/image-files.ts';
import { t } from '../../i18n/i18n.ts';

const MESSAGES: Record<ImageRefusal, string> = {
  'not-image': t('customOrder.imageNotImage'),
  'too-large': t('customOrder.imageTooLarge'),
};

export type PreparedImage = { ok: true; file: File } | { ok: false; error: string };

export async function prepareImage(file: File): Promise<PreparedImage> {
  const prepared = await prepare(file);
  return prepared.ok ? prepared : { ok: false, error: MESSAGES[prepared.reason] };
}
