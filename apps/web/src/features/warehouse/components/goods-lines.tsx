// The goods cell of a warehouse row (spec 2.3 item 11): at most 3 goods lines, then 查看更多货品 when the document
// holds more, then a total row over ALL its lines (the server sends the totals).
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WAREHOUSE_MAX_GOODS_SHOWN } from '@tfb/contract';

export type GoodsColumn<T> = {
  key: string;
  title: ReactNode;
  align?: 'left' | 'right';
  render: (line: T) => ReactNode;
  /** The column's total over all lines; columns without one stay empty in the total row. */
  total?: ReactNode;
};

type Props<T> = {
  lines: readonly T[];
  /** How many lines the document holds (more than the lines sent means 查看更多货品). */
  goodsCount: number;
  columns: readonly GoodsColumn<T>[];
  onMore: () => void;
  getKey: (line: T) => string | number;
};

export function GoodsLines<T>({ lines, goodsCount, columns, onMore, getKey }: Props<T>) {
  const { t } = useTranslation();
  const shown = lines.slice(0, WAREHOUSE_MAX_GOODS_SHOWN);
  const hasMore = Math.max(goodsCount, lines.length) > WAREHOUSE_MAX_GOODS_SHOWN;
  if (goodsCount === 0 && lines.length === 0) {
    return <Typography.Text type="secondary">{t('supervision.warehouse.noGoods')}</Typography.Text>;
  }
  return (
    <table className="goods-lines" aria-label={t('supervision.warehouse.goods')}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} className={c.align === 'right' ? 'goods-lines__num' : undefined} scope="col">
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {shown.map((line) => (
          <tr key={getKey(line)} data-testid="goods-line">
            {columns.map((c) => (
              <td key={c.key} className={c.align === 'right' ? 'goods-lines__num' : undefined}>
                {c.render(line)}
              </td>
            ))}
          </tr>
        ))}
        {hasMore && (
          <tr className="goods-lines__more">
            <td colSpan={columns.length}>
              <Button type="link" size="small" onClick={onMore} className="goods-lines__more-link">
                {t('supervision.warehouse.moreGoods')}
              </Button>
              <Typography.Text type="secondary">{t('supervision.warehouse.goodsCount', { count: goodsCount })}</Typography.Text>
            </td>
          </tr>
        )}
        {/* In the body, not a tfoot: the surrounding antd table styles every tfoot cell of its own. */}
        <tr className="goods-lines__total" data-testid="goods-total">
          {columns.map((c, i) => (
            <td key={c.key} className={c.align === 'right' ? 'goods-lines__num' : undefined}>
              {i === 0 ? t('supervision.warehouse.total') : (c.total ?? '')}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
