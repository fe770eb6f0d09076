// The three UI languages (spec section 9): zh is the default.
import { en } from './en';
import { es } from './es';
import { zh } from './zh';

export type { Messages } from './zh';
export const resources = {
  zh: { translation: zh },
  en: { translation: en },
  es: { translation: es },
} as const;
