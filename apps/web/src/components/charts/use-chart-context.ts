// The names and figure formats of the user's language, for building options and tables.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuildContext, ChartTheme } from './build-options';
import { figureFormat } from './format';
import { chartNames } from './names';

export function useChartContext(theme: ChartTheme = 'light'): Omit<BuildContext, 'mapReady'> {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      names: chartNames(t),
      format: figureFormat(language, { tonne: t('charts.unit.tonne'), piece: t('charts.unit.piece'), hour: t('charts.unit.hour') }),
      theme,
    }),
    // t changes with the language.
    [t, language, theme],
  );
}
