// A project's side: 1 purchase, 2 sales.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function ProjectTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return (
    <Tag bordered={false} color={type === 1 ? 'geekblue' : 'green'}>
      {t(`biz.projects.type_${type}`, { defaultValue: String(type) })}
    </Tag>
  );
}
