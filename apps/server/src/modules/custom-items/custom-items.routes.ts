import type { App } from '../../http/types.ts';

export function customItemsRoutes(_app: App): void {}
