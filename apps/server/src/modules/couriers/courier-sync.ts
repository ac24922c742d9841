// The courier of the configuration, and its statuses fetched on a schedule (COURIER_SYNC_MINUTES,
// only with a courier configured). Each server process runs its own schedule: with several
// processes the courier is asked once per process per interval; applying a status twice changes
// nothing (the order moves once, its history gets one line), only the quota is spent twice, so
// several processes should set a longer interval or leave it to one (COURIER_SYNC_MINUTES=0 on
// the others).
import type { Config } from '../../config.ts';
import type { App } from '../../http/types.ts';
import type { Courier } from './courier.ts';
import { syncStatuses } from './couriers.service.ts';
import { createYalidine } from './yalidine.ts';

export function createCourier(config: Config): Courier | null {
  const yalidine = config.courier.yalidine;
  return yalidine ? createYalidine({ ...yalidine, timeoutMs: config.courier.timeoutMs }) : null;
}

export function scheduleCourierSync(app: App): void {
  const minutes = app.config.courier.syncMinutes;
  if (!app.courier || minutes <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    if (running || !app.courier) return;
    running = true;
    try {
      const result = await syncStatuses(app.db.kysely, app.courier);
      if (result.stopped) app.log.warn(`courier sync stopped early: ${result.stopped}`);
      else if (result.updated + result.recovered > 0) {
        app.log.info(`courier sync: ${result.updated} status(es) updated, ${result.moved} order(s) moved`);
      }
    } catch (err) {
      app.log.error({ err }, 'courier sync failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', (done) => {
    timer = setInterval(() => void run(), minutes * 60_000);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
