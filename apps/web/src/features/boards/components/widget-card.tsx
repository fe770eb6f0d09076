// One widget on a board or a scene: its chart (the chart kit's card) titled in the user's language, or a skeleton
// while its figures load; in edit mode a drag handle and the edit and remove actions beside the title.
import { DeleteOutlined, DragOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChartData, Widget } from '@tfb/contract';
import { ChartCard, type ChartTheme } from '../../../components/charts';
import { widgetTitle } from '../model/widget-options';

export type WidgetCardProps = {
  widget: Widget;
  chart: ChartData | undefined;
  /** The drawing's height in pixels (the card's grid cell less its title bar). */
  height: number;
  theme: ChartTheme;
  editable: boolean;
  onEdit?: () => void;
  onRemove?: () => void;
};

export function WidgetCard({ widget, chart, height, theme, editable, onEdit, onRemove }: WidgetCardProps) {
  const { t, i18n } = useTranslation();
  const title = widgetTitle(widget.title, i18n.language);
  const actions = editable ? (
    <span className="boards-widget__actions">
      <Tooltip title={t('boards.widget.drag')}>
        <Button
          type="text"
          size="small"
          className="boards-widget__drag"
          aria-label={t('boards.widget.dragOf', { title })}
          icon={<DragOutlined />}
        />
      </Tooltip>
      <Tooltip title={t('boards.widget.edit')}>
        <Button type="text" size="small" aria-label={t('boards.widget.editOf', { title })} icon={<EditOutlined />} onClick={onEdit} />
      </Tooltip>
      <Popconfirm
        title={t('boards.widget.removeConfirm', { title })}
        onConfirm={onRemove}
        okText={t('boards.widget.remove')}
        cancelText={t('boards.cancel')}
      >
        <Button type="text" size="small" danger aria-label={t('boards.widget.removeOf', { title })} icon={<DeleteOutlined />} />
      </Popconfirm>
    </span>
  ) : null;
  if (!chart) {
    return (
      <Card
        size="small"
        variant="borderless"
        className={`boards-widget boards-widget--${theme}`}
        title={<h2 className="tfb-chart-card__title">{title}</h2>}
        extra={actions}
      >
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      </Card>
    );
  }
  return (
    <ChartCard
      className={`boards-widget boards-widget--${theme}`}
      title={title}
      data={chart}
      height={height}
      theme={theme}
      extra={actions}
    />
  );
}
