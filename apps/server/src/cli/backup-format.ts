// What `npm run backup` writes and `npm run restore` reads (a module of its own: importing
// backup.ts would run a backup).
import type { ImageStorage } from '../modules/media/image-storage.ts';

export interface BackupManifest {
  created_at: string;
  database: 'sqlite' | 'postgres';
  /** File of the database copy, inside the backup folder. */
  database_file: string;
  uploads: boolean;
  /** Where the images were taken from (absent in backups made before buckets: the folder). */
  images_from?: ImageStorage['kind'];
}

export const MANIFEST_FILE = 'manifest.json';
/** The images the server serves (web/uploads.routes.ts): what a backup of a bucket copies. */
export const BACKED_UP_IMAGE = /^[\w-]+\.webp$/;
/** Objects moved at once between the bucket and the backup folder. */
export const TRANSFERS_AT_ONCE = 8;
