import type { App } from '../../http/types.ts';

export function couponsRoutes(_app: App): void {}
