import type { App } from '../../http/types.ts';

export function shippingRoutes(_app: App): void {}
