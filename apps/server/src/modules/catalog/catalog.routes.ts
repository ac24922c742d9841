import type { App } from '../../http/types.ts';

export function catalogRoutes(_app: App): void {}
