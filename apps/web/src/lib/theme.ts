// Brand colours shared by antd's theme and the things antd does not style (the progress bar, styles.css).
// Every colour text is written in meets WCAG AA (4.5:1) on the surfaces it is shown on; the web tests check it.
export const PRIMARY_COLOR = '#1668dc';
export const HEADER_BG = '#001529';

/**
 * Text colours lighter than the body text. antd's defaults (45% and 25% black) fall to 3.4:1 and 1.8:1 on white;
 * these keep the hierarchy (body 88%, secondary 65%) and reach 5:1 and 4.7:1 on the lightest greys of the theme.
 */
export const TEXT_TERTIARY = 'rgba(0, 0, 0, 0.58)';
export const TEXT_PLACEHOLDER = 'rgba(0, 0, 0, 0.55)';

/** The error red: validation messages, danger buttons and error tags (antd's #ff4d4f reaches only 3.3:1). */
export const ERROR_COLOR = '#cf1322';

/**
 * The text of a coloured tag on its light background (`<Tag color="…">`): antd writes shade 7 of the colour on
 * shade 1, which stays under 4.5:1 for the warm and green hues; these take a darker shade of the same hue.
 */
export const TAG_TEXT_COLORS = {
  orange7: '#ad4e00',
  volcano7: '#ad2102',
  gold7: '#874d00',
  green7: '#237804',
  cyan7: '#006d75',
  lime7: '#3f6600',
  yellow7: '#614700',
} as const;

/** The text of a status tag (success, warning) on its status background; error follows ERROR_COLOR. */
export const TAG_STATUS_TEXT = { colorSuccess: '#237804', colorWarning: '#ad4e00' } as const;
