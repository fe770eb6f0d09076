// GET inStorageManage/pathDownLoad?id= (spec 7.3): the URL of the printable notice, opened in a new window.
// The four outcomes of spec section 8: a non-zero code shows its message; code 0 with a message other than 成功
// shows that message; code 0, 成功 and null data is 数据打印失败; otherwise the URL opens.
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrintReplySchema, SUCCESS_MESSAGE, WAREHOUSE_PATHS, type WarehouseScope } from '@tfb/contract';
import { ApiError, apiRequestWithMessage } from '../../../lib/api-client';

export type PrintResult =
  | { kind: 'url'; url: string }
  /** Shown as is (the server's message). */
  | { kind: 'message'; message: string }
  /** Code 0, 成功, but no document: the client's 数据打印失败. */
  | { kind: 'failed' }
  /** The client already acted (went to /login or /500). */
  | { kind: 'handled' };

export async function printNotice(id: number, scope: WarehouseScope): Promise<PrintResult> {
  try {
    const { message, data } = await apiRequestWithMessage(WAREHOUSE_PATHS.printNotice, {
      query: { id, scope },
      schema: PrintReplySchema.shape.data,
    });
    if (message !== SUCCESS_MESSAGE) return { kind: 'message', message };
    if (!data) return { kind: 'failed' };
    return { kind: 'url', url: data };
  } catch (err) {
    if (err instanceof ApiError) return err.handled ? { kind: 'handled' } : { kind: 'message', message: err.message };
    throw err;
  }
}

/** Prints a notice and opens the document in a new window, or says why not. */
export function usePrintNotice(scope: WarehouseScope) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (id: number) => printNotice(id, scope),
    onSuccess: (result) => {
      if (result.kind === 'url') {
        const opened = window.open(result.url, '_blank');
        if (opened) opened.opener = null;
        else
          message.info({
            content: (
              <a href={result.url} target="_blank" rel="noopener noreferrer">
                {t('supervision.warehouse.openPrint')}
              </a>
            ),
            duration: 8,
          });
      } else if (result.kind === 'message') message.error(result.message);
      else if (result.kind === 'failed') message.error(t('supervision.warehouse.printFailed'));
    },
    onError: () => message.error(t('supervision.warehouse.printFailed')),
  });
}
