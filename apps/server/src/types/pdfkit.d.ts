// The part of pdfkit's API the print module uses (pdfkit ships no type declarations).
declare module 'pdfkit' {
  import type { Readable } from 'node:stream';

  type TextOptions = {
    width?: number;
    height?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
    lineBreak?: boolean;
    ellipsis?: boolean | string;
    lineGap?: number;
  };

  type DocumentOptions = {
    size?: string | [number, number];
    layout?: 'portrait' | 'landscape';
    margin?: number;
    margins?: { top: number; bottom: number; left: number; right: number };
    autoFirstPage?: boolean;
    bufferPages?: boolean;
    compress?: boolean;
    lang?: string;
    displayTitle?: boolean;
    info?: { Title?: string; Author?: string; Subject?: string; Creator?: string; Producer?: string };
  };

  class PDFDocument extends Readable {
    constructor(options?: DocumentOptions);
    page: { width: number; height: number; margins: { top: number; bottom: number; left: number; right: number } };
    x: number;
    y: number;
    registerFont(name: string, src: string | Uint8Array, family?: string): this;
    font(src: string | Uint8Array, family?: string, size?: number): this;
    fontSize(size: number): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    text(text: string, options?: TextOptions): this;
    heightOfString(text: string, options?: TextOptions): number;
    widthOfString(text: string, options?: TextOptions): number;
    moveDown(lines?: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    rect(x: number, y: number, w: number, h: number): this;
    lineWidth(w: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    fill(color?: string): this;
    stroke(color?: string): this;
    addPage(options?: DocumentOptions): this;
    bufferedPageRange(): { start: number; count: number };
    switchToPage(n: number): this;
    end(): void;
  }

  export default PDFDocument;
}
