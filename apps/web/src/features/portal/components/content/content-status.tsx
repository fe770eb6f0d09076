// The status of a content item (draft, scheduled, published, published with a newer draft, withdrawn, expired) and
// its review (pending approval, rejected), each a tag in its colour.
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentStatus, ReviewState } from '@tfb/contract';

const STATUS_COLORS: Record<ContentStatus, string> = {
  draft: 'default',
  scheduled: 'cyan',
  published: 'success',
  publishedWithDraft: 'gold',
  withdrawn: 'default',
  expired: 'default',
};
const REVIEW_COLORS = { pending: 'processing', rejected: 'error' } as const;

export function ContentStatusTags({ status, reviewState }: { status: ContentStatus; reviewState: ReviewState }) {
  const { t } = useTranslation();
  return (
    <Flex gap={4} wrap>
      <Tag color={STATUS_COLORS[status]} bordered={false}>
        {t(`portal.status.${status}`)}
      </Tag>
      {reviewState !== 'none' ? (
        <Tag color={REVIEW_COLORS[reviewState]} bordered={false}>
          {t(`portal.review.${reviewState}`)}
        </Tag>
      ) : null}
    </Flex>
  );
}
