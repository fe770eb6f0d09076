// A shared scene on a wall screen (/share/scene/<token>): no session and no app chrome — the dark stage scaled to
// the viewport, refreshed every refreshSeconds. A revoked, tampered or unknown link shows a plain notice.
import { Button, Result, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ChartData } from '@tfb/contract';
import { ApiError } from '../../../lib/api-client';
import { publicSceneQueryOptions } from '../api/dashboards';
import { widgetTitle } from '../model/widget-options';
import { SceneStage } from './scene-stage';
import '../boards.css';

export function PublicScenePage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const scene = useQuery({
    ...publicSceneQueryOptions(token),
    refetchInterval: (q) => (q.state.data ? q.state.data.refreshSeconds * 1000 : false),
    refetchIntervalInBackground: true,
  });
  const charts = useMemo(() => new Map<string, ChartData>((scene.data?.data.charts ?? []).map((c) => [c.id, c])), [scene.data]);
  const title = scene.data ? widgetTitle(scene.data.title, i18n.language) : '';
  useEffect(() => {
    document.title = title || t('boards.scene.sharedTitle');
  }, [title, t]);

  if (scene.isPending) {
    return (
      <main className="scene-public scene-public--center">
        <Spin size="large" />
      </main>
    );
  }
  if (!scene.data) {
    const invalid = scene.error instanceof ApiError && (scene.error.status === 404 || scene.error.status === 400);
    return (
      <main className="scene-public scene-public--center">
        <Result
          className="scene-public__notice"
          status={invalid ? 'warning' : 'error'}
          title={t(invalid ? 'boards.share.invalid' : 'boards.share.unavailable')}
          subTitle={t(invalid ? 'boards.share.invalidHint' : 'boards.share.unavailableHint')}
          extra={invalid ? null : <Button onClick={() => void scene.refetch()}>{t('boards.retry')}</Button>}
        />
      </main>
    );
  }
  return (
    <main className="scene-public">
      <SceneStage title={title} widgets={scene.data.widgets} charts={charts} computedAt={scene.data.data.computedAt} fit="contain" />
    </main>
  );
}
