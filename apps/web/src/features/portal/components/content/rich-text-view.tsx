// A rich-text document shown read-only, as React elements (no HTML string is injected): the detail of a content
// item shows its draft this way without loading the editor.
import { Fragment, type ReactNode } from 'react';
import { RICH_TEXT_LINK_REL, type RichTextBlock, type RichTextDocument, type RichTextInline, type RichTextMark } from '@tfb/contract';

function marked(text: ReactNode, marks: readonly RichTextMark[] = []): ReactNode {
  return marks.reduce<ReactNode>((inner, mark) => {
    switch (mark.type) {
      case 'bold':
        return <strong>{inner}</strong>;
      case 'italic':
        return <em>{inner}</em>;
      case 'underline':
        return <u>{inner}</u>;
      case 'strike':
        return <s>{inner}</s>;
      case 'code':
        return <code>{inner}</code>;
      case 'link':
        return (
          <a href={mark.attrs.href} target={mark.attrs.target ?? undefined} rel={RICH_TEXT_LINK_REL}>
            {inner}
          </a>
        );
    }
  }, text);
}

const inline = (nodes: readonly RichTextInline[] = []) =>
  nodes.map((n, i) => <Fragment key={i}>{n.type === 'hardBreak' ? <br /> : marked(n.text, n.marks)}</Fragment>);

function block(node: RichTextBlock, key: number): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return <p key={key}>{inline(node.content)}</p>;
    case 'heading': {
      const H = `h${node.attrs.level + 1}` as 'h2';
      return <H key={key}>{inline(node.content)}</H>;
    }
    case 'bulletList':
      return (
        <ul key={key}>
          {node.content.map((li, i) => (
            <li key={i}>{li.content.map(block)}</li>
          ))}
        </ul>
      );
    case 'orderedList':
      return (
        <ol key={key} start={node.attrs?.start ?? undefined}>
          {node.content.map((li, i) => (
            <li key={i}>{li.content.map(block)}</li>
          ))}
        </ol>
      );
    case 'blockquote':
      return <blockquote key={key}>{node.content.map(block)}</blockquote>;
    case 'codeBlock':
      return (
        <pre key={key}>
          <code>{(node.content ?? []).map((t) => t.text).join('')}</code>
        </pre>
      );
    case 'horizontalRule':
      return <hr key={key} />;
    case 'image':
      return <img key={key} src={node.attrs.src} alt={node.attrs.alt} className="portal-rich-text__image" />;
  }
}

export function RichTextView({ doc }: { doc: RichTextDocument }) {
  return <div className="portal-rich-text">{doc.content.map(block)}</div>;
}
