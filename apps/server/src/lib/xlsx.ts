// What every Excel file the server writes shares: a sheet name Excel accepts and the download's file name.

/** A sheet name Excel accepts: none of \ / ? * [ ] :, at most 31 characters, not empty. */
export const sheetName = (title: string): string =>
  title
    .replace(/[\\/?*[\]:]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet1';

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%/]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
