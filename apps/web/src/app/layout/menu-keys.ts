import { TOP_MENU_KEYS, type TopMenuKey } from '@tfb/contract';

export const isTopMenuKey = (key: string): key is TopMenuKey => (TOP_MENU_KEYS as readonly string[]).includes(key);
