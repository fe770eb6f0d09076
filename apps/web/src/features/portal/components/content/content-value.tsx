// A field's value as a detail or a list shows it, by widget: rich text rendered, media by their preview, columns by
// name, instants as local date and time, tags as tags, select values by their translated option.
import { Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentField, MediaSummary, RichTextDocument } from '@tfb/contract';
import { formatDateTime } from '../../../../components/business/format';
import { MediaPreview } from '../media/media-field';
import { isEmptyDocument } from './content-model';
import { RichTextView } from './rich-text-view';

export type ValueContext = {
  /** Column names by id (the item's `columns`, or the site's tree). */
  columnName: (id: number) => string | undefined;
  media?: readonly MediaSummary[];
};

const DASH = '—';
const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

export function ContentValue({ field, value, context }: { field: ContentField; value: unknown; context: ValueContext }): ReactNode {
  const { t } = useTranslation();
  if (blank(value) || (field.widget === 'richText' && isEmptyDocument(value))) return DASH;
  switch (field.widget) {
    case 'richText':
      return <RichTextView doc={value as RichTextDocument} />;
    case 'image':
    case 'video': {
      const m = context.media?.find((x) => x.id === value);
      return m ? <MediaPreview media={m} /> : t('portal.content.mediaId', { id: value });
    }
    case 'column':
      return context.columnName(value as number) ?? String(value);
    case 'columns':
      return (
        <Flex gap={4} wrap>
          {(value as number[]).map((id, i) => (
            <Tag key={id} bordered={false}>
              {i + 1}. {context.columnName(id) ?? id}
            </Tag>
          ))}
        </Flex>
      );
    case 'datetime':
      return formatDateTime(value as string);
    case 'tags':
      return (
        <Flex gap={4} wrap>
          {(value as string[]).map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </Flex>
      );
    case 'select':
      return t(`portal.option.${field.key}.${String(value)}`);
    case 'url':
      return (
        <Typography.Link href={String(value)} target="_blank" rel="noopener noreferrer">
          {String(value)}
        </Typography.Link>
      );
    default:
      return String(value);
  }
}
