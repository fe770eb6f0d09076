// Brand colours shared by antd's theme and the things antd does not style (the progress bar).
export const PRIMARY_COLOR = '#1668dc';
export const HEADER_BG = '#001529';
