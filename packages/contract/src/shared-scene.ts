// The web address of a shared scene (a data-portal big screen opened by its public link, without a session). Kept
// apart from the boards' schemas: the web's session bootstrap, part of the first load, needs only this prefix.
export const SHARED_SCENE_PAGE_PREFIX = '/share/scene/';
/** The web page of a shared scene. */
export const shareSceneUrl = (token: string) => `${SHARED_SCENE_PAGE_PREFIX}${encodeURIComponent(token)}`;
