// The series colours of the charts, in order. charts.css repeats them as the tooltip's marker classes
// (tfb-chart-tip__dot--<n>): the page's CSP refuses style attributes, so a tooltip cannot colour its markers inline.
export const CHART_PALETTE = [
  '#1668dc',
  '#13a8a8',
  '#faad14',
  '#eb5757',
  '#722ed1',
  '#52c41a',
  '#fa8c16',
  '#2f54eb',
  '#eb2f96',
  '#8c8c8c',
] as const;

/** The palette slot of a series or slice index. */
export const paletteSlot = (index: number): number => ((index % CHART_PALETTE.length) + CHART_PALETTE.length) % CHART_PALETTE.length;
