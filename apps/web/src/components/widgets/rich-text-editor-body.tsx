// The Tiptap editor behind RichTextEditor (loaded lazily): StarterKit cut down to the contract's node and mark
// allowlist, links and images held to the contract's URL rule, a toolbar of antd buttons.
import {
  BoldOutlined,
  CodeOutlined,
  FolderOpenOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Checkbox, Form, Input, Modal, Space, Tooltip, type FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_RICH_TEXT,
  RICH_TEXT_HEADING_LEVELS,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_MESSAGES,
  isAllowedImageUrl,
  isAllowedLinkUrl,
  type RichTextDocument,
} from '@tfb/contract';
import { contractMessage } from '../../lib/form-rules';
import type { RichTextEditorProps } from './rich-text-editor';
import './rich-text-editor.css';

// StarterKit 3's nodes and marks are exactly the contract's allowlist less the image (added below); its other
// parts (undo, drop and gap cursors, list keys, the trailing paragraph) add behaviour, not content.
const extensions = [
  StarterKit.configure({
    heading: { levels: [...RICH_TEXT_HEADING_LEVELS] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // The contract's rule decides, for typed, pasted and autolinked addresses alike.
      isAllowedUri: (url) => isAllowedLinkUrl(url),
      shouldAutoLink: (url) => isAllowedLinkUrl(url),
      HTMLAttributes: { target: '_blank', rel: RICH_TEXT_LINK_REL, class: null },
    },
  }),
  Image.configure({ inline: false, allowBase64: false }),
];

type Chain = ReturnType<Editor['chain']>;

/** The toolbar's toggles: a mark or block node, its icon, and the command that switches it (label: widgets.richText.*). */
const TOGGLES: ReadonlyArray<{
  name: 'bold' | 'italic' | 'underline' | 'strike' | 'code' | 'bulletList' | 'orderedList' | 'blockquote' | 'codeBlock';
  icon: ReactNode;
  toggle: (c: Chain) => Chain;
}> = [
  { name: 'bold', icon: <BoldOutlined />, toggle: (c) => c.toggleBold() },
  { name: 'italic', icon: <ItalicOutlined />, toggle: (c) => c.toggleItalic() },
  { name: 'underline', icon: <UnderlineOutlined />, toggle: (c) => c.toggleUnderline() },
  { name: 'strike', icon: <StrikethroughOutlined />, toggle: (c) => c.toggleStrike() },
  { name: 'code', icon: <CodeOutlined />, toggle: (c) => c.toggleCode() },
  { name: 'bulletList', icon: <UnorderedListOutlined />, toggle: (c) => c.toggleBulletList() },
  { name: 'orderedList', icon: <OrderedListOutlined />, toggle: (c) => c.toggleOrderedList() },
  { name: 'blockquote', icon: <span className="tfb-rich-text__heading-icon">“”</span>, toggle: (c) => c.toggleBlockquote() },
  { name: 'codeBlock', icon: <span className="tfb-rich-text__heading-icon">{'{}'}</span>, toggle: (c) => c.toggleCodeBlock() },
];
const MARK_TOGGLES = TOGGLES.slice(0, 5);
const BLOCK_TOGGLES = TOGGLES.slice(5);

/** A dialog field held to one of the contract's URL rules (on the trimmed value, as it is applied), with its message. */
const urlRule = (t: TFunction, allowed: (url: string) => boolean, message: string): FormRule => ({
  validator: async (_, value: string | undefined) => {
    if (!allowed((value ?? '').trim())) throw new Error(contractMessage(t, message));
  },
});

type ToolProps = { label: string; icon: ReactNode; active?: boolean; disabled?: boolean; onClick: () => void };

function Tool({ label, icon, active, disabled, onClick }: ToolProps) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        icon={icon}
        // A pointer press leaves the focus (and the caret, with the marks about to be typed) in the editor, so a
        // command such as bold applies to what is typed next; the keyboard reaches the buttons by Tab as usual.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

type LinkForm = { href: string; newWindow: boolean };
type ImageForm = { src: string; alt: string };

function Toolbar({ editor, disabled, pickImage }: { editor: Editor; disabled?: boolean; pickImage?: RichTextEditorProps['pickImage'] }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: Object.fromEntries(TOGGLES.map(({ name }) => [name, e.isActive(name)])) as Record<(typeof TOGGLES)[number]['name'], boolean>,
      heading: RICH_TEXT_HEADING_LEVELS.find((level) => e.isActive('heading', { level })),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const [linkForm] = Form.useForm<LinkForm>();
  const [imageForm] = Form.useForm<ImageForm>();
  const chain = () => editor.chain().focus();

  const openLink = () => {
    const attrs = editor.getAttributes('link') as { href?: string; target?: string | null };
    linkForm.setFieldsValue({ href: attrs.href ?? '', newWindow: attrs.href ? attrs.target === '_blank' : true });
    setLinkOpen(true);
  };
  const applyLink = ({ href, newWindow }: LinkForm) => {
    const url = href.trim();
    const target = newWindow ? '_blank' : null;
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain()
        .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url, target } }] })
        .run();
    } else {
      chain().extendMarkRange('link').setLink({ href: url, target }).run();
    }
    setLinkOpen(false);
  };
  const [picking, setPicking] = useState(false);
  const fromLibrary = async () => {
    if (!pickImage) return;
    setPicking(true);
    try {
      const picked = await pickImage();
      if (picked) {
        imageForm.setFieldsValue(picked);
        // Clears a message left by an earlier typed address.
        void imageForm.validateFields().catch(() => undefined);
      }
    } finally {
      setPicking(false);
    }
  };
  const applyImage = ({ src, alt }: ImageForm) => {
    chain().setImage({ src: src.trim(), alt: alt.trim() }).run();
    setImageOpen(false);
    imageForm.resetFields();
  };
  const tr = (key: string) => t(`widgets.richText.${key}`);

  const toggleTools = (toggles: typeof TOGGLES) =>
    toggles.map(({ name, icon, toggle }) => (
      <Tool key={name} label={tr(name)} icon={icon} active={state.active[name]} disabled={disabled} onClick={() => toggle(chain()).run()} />
    ));

  return (
    <div className="tfb-rich-text__toolbar" role="toolbar" aria-label={tr('toolbar')}>
      <Space size={2} wrap>
        {toggleTools(MARK_TOGGLES)}
        {RICH_TEXT_HEADING_LEVELS.map((level) => (
          <Tool
            key={level}
            label={t('widgets.richText.heading', { level })}
            icon={<span className="tfb-rich-text__heading-icon">H{level}</span>}
            active={state.heading === level}
            disabled={disabled}
            onClick={() => chain().toggleHeading({ level }).run()}
          />
        ))}
        {toggleTools(BLOCK_TOGGLES)}
        <Tool label={tr('horizontalRule')} icon={<LineOutlined />} disabled={disabled} onClick={() => chain().setHorizontalRule().run()} />
        <Tool label={tr('link')} icon={<LinkOutlined />} active={state.link} disabled={disabled} onClick={openLink} />
        <Tool label={tr('image')} icon={<PictureOutlined />} disabled={disabled} onClick={() => setImageOpen(true)} />
        <Tool label={tr('undo')} icon={<UndoOutlined />} disabled={disabled || !state.canUndo} onClick={() => chain().undo().run()} />
        <Tool label={tr('redo')} icon={<RedoOutlined />} disabled={disabled || !state.canRedo} onClick={() => chain().redo().run()} />
      </Space>
      <Modal
        title={tr('link')}
        open={linkOpen}
        onOk={() => linkForm.submit()}
        onCancel={() => setLinkOpen(false)}
        okText={t('widgets.common.ok')}
        cancelText={t('widgets.common.cancel')}
        footer={(buttons) => (
          <>
            {state.link ? (
              <Button
                onClick={() => {
                  chain().extendMarkRange('link').unsetLink().run();
                  setLinkOpen(false);
                }}
              >
                {tr('unlink')}
              </Button>
            ) : null}
            {buttons}
          </>
        )}
        forceRender
      >
        <Form form={linkForm} layout="vertical" onFinish={applyLink}>
          <Form.Item name="href" label={tr('linkAddress')} rules={[urlRule(t, isAllowedLinkUrl, RICH_TEXT_MESSAGES.linkUrl)]}>
            <Input placeholder="https://" autoComplete="off" />
          </Form.Item>
          <Form.Item name="newWindow" valuePropName="checked">
            <Checkbox>{tr('newWindow')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={tr('image')}
        open={imageOpen}
        onOk={() => imageForm.submit()}
        onCancel={() => setImageOpen(false)}
        okText={t('widgets.common.ok')}
        cancelText={t('widgets.common.cancel')}
        forceRender
      >
        <Form form={imageForm} layout="vertical" onFinish={applyImage}>
          {pickImage ? (
            <Form.Item>
              <Button icon={<FolderOpenOutlined />} loading={picking} onClick={() => void fromLibrary()}>
                {tr('fromLibrary')}
              </Button>
            </Form.Item>
          ) : null}
          <Form.Item name="src" label={tr('imageAddress')} rules={[urlRule(t, isAllowedImageUrl, RICH_TEXT_MESSAGES.imageUrl)]}>
            <Input placeholder="https://" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="alt"
            label={tr('imageAlt')}
            rules={[{ required: true, whitespace: true, message: contractMessage(t, RICH_TEXT_MESSAGES.imageAltRequired) }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

const sameDocument = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function RichTextEditorBody({ value, onChange, disabled, id, 'aria-label': ariaLabel, pickImage }: RichTextEditorProps) {
  const editor = useEditor({
    extensions,
    content: value ?? EMPTY_RICH_TEXT,
    editable: !disabled,
    // The page's CSP allows no inline <style>: the editor's styles are in rich-text-editor.css.
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'tfb-rich-text__content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        ...(id ? { id } : {}),
      },
    },
    // The editor's JSON is the contract's document shape; the server validates it before storing.
    onUpdate: ({ editor: e }) => onChange?.(e.getJSON() as RichTextDocument),
  });

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  // A value set from outside (a reloaded draft, a form reset) replaces the content; the editor's own echo does not.
  useEffect(() => {
    const next = value ?? EMPTY_RICH_TEXT;
    if (!sameDocument(editor.getJSON(), next)) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="tfb-rich-text">
      <Toolbar editor={editor} disabled={disabled} pickImage={pickImage} />
      <EditorContent editor={editor} />
    </div>
  );
}
