import type { App } from '../../http/types.ts';

export function ordersRoutes(_app: App): void {}
