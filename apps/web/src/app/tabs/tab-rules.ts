// The tab rules bound to the route table and a user's access.
import type { Access } from '../routes/access';
import { AFFIX_PATHS, findRoute, type AppRoute } from '../routes/route-table';
import type { RestoreRules } from './tabs-model';

export function tabRules(access: Access): RestoreRules {
  return {
    affixPaths: AFFIX_PATHS,
    isAffix: (path) => findRoute(path)?.node.meta.affix === true,
    isAllowed: (path) => {
      const found = findRoute(path);
      return found !== undefined && found.node.kind === 'page' && access.allowedPaths.has(found.node.path);
    },
  };
}

/** A tab keeps its page alive while hidden when its meta says keepAlive and not noCache. */
export const isKeptAlive = (route: AppRoute | undefined): boolean =>
  route !== undefined && route.meta.keepAlive === true && route.meta.noCache !== true;
