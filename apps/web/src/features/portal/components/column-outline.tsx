// The outline of the column tree (the shared tree outline): the editor's keyboard and screen-reader path. Each
// column shows its kind and whether it is hidden; dragging one moves it (the tree's rules decide, and refuse with
// their message).
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outline, OutlineTitle } from '../../../components/mind-map/outline';
import type { ColumnNode } from './column-tree-model';

type Props = {
  columns: readonly ColumnNode[];
  selectedKey: string | null;
  expandedKeys: string[];
  onExpand: (keys: string[]) => void;
  onSelect: (key: string | null) => void;
  /** Absent: the outline is read-only (no dragging). */
  onMove?: (key: string, parentKey: string | null, position: number) => void;
};

const KIND_COLORS = { list: 'blue', page: 'green', link: 'purple', topic: 'gold' } as const;

export function ColumnOutline({ columns, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Outline
      nodes={columns}
      label={t('portal.columns.outline')}
      renderTitle={(c) => (
        <OutlineTitle name={c.name} muted={!c.visible}>
          <Tag color={KIND_COLORS[c.kind]} variant="filled">
            {t(`portal.column.kinds.${c.kind}`)}
          </Tag>
          {c.visible ? null : (
            <Tag icon={<EyeInvisibleOutlined />} variant="filled">
              {t('portal.columns.hidden')}
            </Tag>
          )}
        </OutlineTitle>
      )}
      {...rest}
    />
  );
}
