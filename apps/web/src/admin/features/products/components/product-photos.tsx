// A product's photos in its edit form. Every action (make primary, move, delete) only changes
// what the form shows, each photo staying at its place until the owner moves it; Save sends the
// whole arrangement at once (PUT /product/images/{id}) and Cancel forgets it, so a tap on the
// wrong photo costs nothing.
import { useState } from 'react';
import type { ProductPhotos as PhotosPayload } from '@shop/domain/catalog-schemas';
import { imageUrl } from '../../../../lib/api.ts';
import { buttonClass } from '../../../components/ui.tsx';
import type { ProductImage } from '../../../lib/types.ts';
import { texts } from '../../../texts.ts';

interface Tile {
  image: ProductImage;
  removed: boolean;
}

interface Arrangement {
  /** The photos the form was opened with, by id in their order (what the server checks against). */
  seen: number[];
  seenPrimaryId: number | null;
  tiles: Tile[];
  primaryId: number | null;
}

function arrangementOf(images: readonly ProductImage[]): Arrangement {
  const tiles = [...images].sort((a, b) => a.position - b.position).map((image) => ({ image, removed: false }));
  const primaryId = tiles.find((t) => Number(t.image.is_primary) === 1)?.image.id ?? tiles[0]?.image.id ?? null;
  return { seen: tiles.map((t) => t.image.id), seenPrimaryId: primaryId, tiles, primaryId };
}

function firstKept(tiles: readonly Tile[]): number | null {
  return tiles.find((t) => !t.removed)?.image.id ?? null;
}

export interface PhotoArrangement {
  tiles: readonly Tile[];
  primaryId: number | null;
  /** Something differs from what the form was opened with. */
  changed: boolean;
  payload: () => PhotosPayload;
  makePrimary: (id: number) => void;
  move: (id: number, by: -1 | 1) => void;
  remove: (id: number) => void;
  restore: (id: number) => void;
  /** Starts again from the photos as they are (after the server said they changed). */
  reset: (images: readonly ProductImage[]) => void;
}

export function usePhotoArrangement(images: readonly ProductImage[]): PhotoArrangement {
  const [state, setState] = useState(() => arrangementOf(images));
  const kept = state.tiles.filter((t) => !t.removed).map((t) => t.image.id);
  const changed = kept.join() !== state.seen.join() || state.primaryId !== state.seenPrimaryId;

  const update = (change: (current: Arrangement) => Arrangement) => setState((current) => change(current));
  return {
    tiles: state.tiles,
    primaryId: state.primaryId,
    changed,
    payload: () => ({ seen: state.seen, order: kept, primary_image_id: kept.length > 0 ? state.primaryId : null }),
    makePrimary: (id) => update((current) => ({ ...current, primaryId: id })),
    move: (id, by) =>
      update((current) => {
        const from = current.tiles.findIndex((t) => t.image.id === id);
        const to = from + by;
        if (from < 0 || to < 0 || to >= current.tiles.length) return current;
        const tiles = [...current.tiles];
        [tiles[from], tiles[to]] = [tiles[to]!, tiles[from]!];
        return { ...current, tiles };
      }),
    remove: (id) =>
      update((current) => {
        const tiles = current.tiles.map((t) => (t.image.id === id ? { ...t, removed: true } : t));
        // The primary photo deleted: the first one left takes its place, as the server would.
        return { ...current, tiles, primaryId: current.primaryId === id ? firstKept(tiles) : current.primaryId };
      }),
    restore: (id) =>
      update((current) => {
        const tiles = current.tiles.map((t) => (t.image.id === id ? { ...t, removed: false } : t));
        return { ...current, tiles, primaryId: current.primaryId ?? id };
      }),
    reset: (next) => setState(arrangementOf(next)),
  };
}

/** The photos of the edit form, numbered in their order, each with its actions. */
export function ProductPhotos({ photos }: { photos: PhotoArrangement }) {
  if (photos.tiles.length === 0) return null;
  const last = photos.tiles.length - 1;
  return (
    <div className="sm:col-span-2">
      <p className="mb-1 text-xs font-medium text-slate-700">{texts.products.images}</p>
      <p className="mb-2 text-xs text-slate-500">{texts.products.photosHint}</p>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={texts.products.images}>
        {photos.tiles.map(({ image, removed }, index) => {
          const number = index + 1;
          const primary = !removed && photos.primaryId === image.id;
          return (
            <li
              key={image.id}
              aria-label={texts.products.photoLabel(number, primary, removed)}
              className={`rounded-md border p-1.5 ${primary ? 'border-slate-900 ring-1 ring-slate-900' : 'border-slate-200'}`}
            >
              <div className="relative">
                <img
                  src={imageUrl(image.image_url)}
                  alt=""
                  className={`aspect-square w-full rounded object-cover ${removed ? 'opacity-30' : ''}`}
                />
                <span className="absolute top-1 left-1 rounded bg-white/90 px-1.5 text-xs font-semibold text-slate-900 tabular-nums">
                  {number}
                </span>
              </div>
              {removed ? (
                <div className="mt-1.5 flex flex-col gap-1">
                  <span className="text-center text-xs text-red-700">{texts.products.photoDeletedOnSave}</span>
                  <button
                    type="button"
                    className={buttonClass('secondary', true)}
                    aria-label={texts.products.undoDeletePhoto(number)}
                    onClick={() => photos.restore(image.id)}
                  >
                    {texts.products.undo}
                  </button>
                </div>
              ) : (
                <div className="mt-1.5 flex flex-col gap-1">
                  {primary ? (
                    <span className="py-1 text-center text-xs font-semibold text-slate-900">
                      {texts.products.primary}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className={buttonClass('secondary', true)}
                      aria-label={texts.products.makePhotoPrimary(number)}
                      onClick={() => photos.makePrimary(image.id)}
                    >
                      {texts.products.makePrimary}
                    </button>
                  )}
                  <div className="flex items-center gap-1">
                    <button
                      type="button"
                      className={`${buttonClass('ghost', true)} min-h-8 flex-1`}
                      aria-label={texts.products.movePhotoEarlier(number)}
                      disabled={index === 0}
                      onClick={() => photos.move(image.id, -1)}
                    >
                      <span aria-hidden="true">←</span>
                    </button>
                    <button
                      type="button"
                      className={`${buttonClass('ghost', true)} min-h-8 flex-1`}
                      aria-label={texts.products.movePhotoLater(number)}
                      disabled={index === last}
                      onClick={() => photos.move(image.id, 1)}
                    >
                      <span aria-hidden="true">→</span>
                    </button>
                    <button
                      type="button"
                      className={`${buttonClass('ghost', true)} min-h-8 flex-1`}
                      aria-label={texts.products.deletePhoto(number)}
                      onClick={() => photos.remove(image.id)}
                    >
                      <span className="text-red-600">{texts.products.delete}</span>
                    </button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
