// Every route declares what it needs (`config: { access }`, from the contract's permission table), checked before
// its handler and before its input is even validated: a caller without the permission learns nothing but 403.
// A route that declares nothing makes the app refuse to start; routes that plugins register for themselves (the
// API docs, the built web app's files) are registered through `publicRoutes`.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { PERMISSION_MESSAGES, can, type RouteAccess } from '@tfb/contract';
import { AppError } from '../lib/errors.js';
import type { Session } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs; every route must say. */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every registered route with what it needs (for the tests that walk them). */
    readonly routeAccess: readonly RegisteredRoute[];
  }
}

/** A registered route: its method, path, declared access and validation schemas (the fuzz suite derives inputs from them). */
export type RegisteredRoute = { method: string; url: string; access: RouteAccess; schema?: FastifySchema };

const accessOf = (route: RouteOptions): RouteAccess | undefined => (route.config as { access?: RouteAccess } | undefined)?.access;

/** The 403 of a missing permission (code 40301, naming the permission). */
export const permissionDenied = (access: Exclude<RouteAccess, 'public' | 'signedIn'>): AppError =>
  new AppError(40301, PERMISSION_MESSAGES.denied(access));

/** Throws 403 (40301) unless the session holds the permission; answers the session. */
export function assertAccess(s: Session, access: Exclude<RouteAccess, 'public'>): Session {
  if (!can(s.roles, access)) throw permissionDenied(access as Exclude<RouteAccess, 'public' | 'signedIn'>);
  return s;
}

/** Throws 401 without a session and 403 (40301) without the permission; answers the session otherwise. */
export const requireAccess = (req: FastifyRequest, access: Exclude<RouteAccess, 'public'>): Session => assertAccess(req.session(), access);

export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    app.decorate('routeAccess', {
      getter(): readonly RegisteredRoute[] {
        return routes.flatMap((r) => {
          const access = accessOf(r);
          const methods = Array.isArray(r.method) ? r.method : [r.method];
          return access === undefined ? [] : methods.map((method) => ({ method, url: r.url, access, schema: r.schema }));
        });
      },
    });
    app.addHook('onReady', async () => {
      const missing = routes.filter((r) => accessOf(r) === undefined).map((r) => `${String(r.method)} ${r.url}`);
      if (missing.length) throw new Error(`Routes without a declared access (config.access): ${missing.join(', ')}`);
    });
    app.addHook('onRequest', (req, _reply, done) => {
      const access = req.routeOptions.config.access;
      // No route matched (the not-found handler) or an open route: nothing to check.
      if (access === undefined || access === 'public') return done();
      try {
        requireAccess(req, access);
      } catch (refusal) {
        return done(refusal as Error);
      }
      done();
    });
  },
  { name: 'access', dependencies: ['session'] },
);

/** Registers a plugin whose routes are open to anyone (docs, static files): they declare `public` for themselves. */
export function publicRoutes(plugin: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), access: accessOf(route) ?? 'public' };
    });
    await scope.register(plugin);
  };
}
