// Some spec calls are written without the /api prefix (spec 7.2, 7.4; e.g. /mlzgoodsserver/...): their module's
// routes are registered twice, under /api (what the web app calls, documented) and as written (hidden).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

export async function registerApiAndBare(app: FastifyInstance, plugin: FastifyPluginAsync): Promise<void> {
  await app.register(plugin, { prefix: '/api' });
  await app.register(async (bare) => {
    bare.addHook('onRoute', (route) => {
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
    await bare.register(plugin);
  });
}
