import type { App } from '../../http/types.ts';

export function ratingsRoutes(_app: App): void {}
