// A project's side: 1 purchase, 2 sales.
import { useTranslation } from 'react-i18next';
import { CodeTag } from '../../../components/business/status-tag';

export function ProjectTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return <CodeTag name={t(`biz.projects.type_${type}`, { defaultValue: String(type) })} color={type === 1 ? 'geekblue' : 'green'} />;
}
