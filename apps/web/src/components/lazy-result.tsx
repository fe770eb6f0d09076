// antd's Result for the states a business page seldom reaches (a record not found or read-only, a failed load),
// loaded when one shows: Result carries the 403/404/500 illustrations, some 10 kB of gzip every form and detail page
// would otherwise load up front. Until it is in — or if it cannot load — the same words and actions show without
// the picture.
import { Flex, type ResultProps } from 'antd';
import { lazy } from 'react';
import { PlainNotice, UnlessLoadFails } from './crash-notice';

const Result = lazy(() => import('antd/es/result'));

export function LazyResult(props: ResultProps) {
  const { title, subTitle, extra } = props;
  const plain = (
    <PlainNotice
      title={title}
      description={subTitle}
      action={
        extra ? (
          <Flex gap={8} justify="center">
            {extra}
          </Flex>
        ) : null
      }
    />
  );
  return (
    <UnlessLoadFails fallback={plain}>
      <Result {...props} />
    </UnlessLoadFails>
  );
}
