import { positionsFor, type Position } from '../form-values.ts';
import { t, type MessageKey } from '../../../i18n/i18n.ts';
import type { ReferenceImages } from '../use-reference-images.ts';
import { ReferenceImageField } from './reference-image-field.tsx';

const POSITION_LABEL = {
  front: 'customOrder.imageFront',
  back: 'customOrder.imageBack',
  side: 'customOrder.imageSide',
} as const satisfies Record<Position, MessageKey>;

/** Front, back and side images, each with its preview and remove action; a cup shows the front only. */
export function ReferenceImagesSection({ isCup, images }: { isCup: boolean; images: ReferenceImages }) {
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-4 rounded-3xl border border-gray-200 p-5 sm:p-6"
      aria-describedby="images-help"
    >
      <legend className="px-2 text-lg font-bold">{t('customOrder.imagesSection')}</legend>
      <p id="images-help" className="text-sm text-gray-600">
        {isCup ? t('customOrder.imagesHelpCup') : t('customOrder.imagesHelpGarment')}
      </p>
      <div className={`grid gap-4 ${isCup ? 'max-w-56 grid-cols-1' : 'grid-cols-2 sm:grid-cols-3'}`}>
        {positionsFor(isCup).map((position) => (
          <ReferenceImageField
            key={position}
            id={`reference-image-${position}`}
            label={t(POSITION_LABEL[position])}
            slot={images.slots[position]}
            onSelect={(file) => void images.select(position, file)}
            onRemove={() => images.remove(position)}
          />
        ))}
      </div>
      {images.error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {images.error}
        </p>
      ) : null}
    </fieldset>
  );
}
