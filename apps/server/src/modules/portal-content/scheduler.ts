// The loop inside every app process that moves portal content on time (no cron): every interval it runs one pass
// of the due transitions with the app's clock. Several processes may run it on one database; the pass claims rows
// with SKIP LOCKED, so each transition happens once. Stopped when the app closes (an unfinished pass is awaited).
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from './items.js';
import { runDueTransitions, type Transition } from './workflow.js';

export class PortalScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One pass now (the loop's step; tests call it to move content at a time they choose). */
  tick(): Promise<Transition[]> {
    return runDueTransitions(this.db, this.clock());
  }

  start(): void {
    if (this.intervalMs <= 0) return;
    const next = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.running = this.tick()
          .catch((e: unknown) => this.log.error({ err: e }, 'portal content scheduler pass failed'))
          .finally(next);
      }, this.intervalMs);
      this.timer.unref();
    };
    next();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's loop of due portal content transitions (PORTAL_SCHEDULER_INTERVAL_MS, the app's clock). */
    portalScheduler: PortalScheduler;
  }
}

/** Starts this process's scheduler when the app is ready and stops it when the app closes. */
export const portalSchedulerPlugin = fp(async (app) => {
  const scheduler = new PortalScheduler(app.database.db, app.clock, app.config.portalSchedulerIntervalMs, app.log);
  app.decorate('portalScheduler', scheduler);
  app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
});
