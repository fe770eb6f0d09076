import { SUCCESS_CODE, SUCCESS_MESSAGE, type Envelope } from '@tfb/contract';

export const ok = <T>(data: T, message: string = SUCCESS_MESSAGE): Envelope<T> => ({
  code: SUCCESS_CODE,
  message,
  data,
});
