// The form controls of a content type, one per field of its definition, by widget; each Form.Item takes its label
// (portal.field.<key>), rules and messages from the field's schema (lib/form-rules), so the form refuses what the
// server refuses with the same words. A slot's columns must number what its slot kind takes (SLOT_KINDS).
import { Col, DatePicker, Form, Input, InputNumber, Row, Select, TreeSelect, type FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_MESSAGES,
  CONTENT_TAGS_MAX,
  CONTENT_TAG_MAX_LENGTH,
  SLOT_KINDS,
  type ContentField,
  type ColumnKind,
  type MediaSummary,
  type PortalSite,
  type SlotKind,
} from '@tfb/contract';
import { FieldCell } from '../../../../components/business/field-item';
import { RichTextEditor, type RichTextEditorProps } from '../../../../components/widgets/rich-text-editor';
import { contractMessage, fieldRules } from '../../../../lib/form-rules';
import { useLibraryImagePicker } from '../media/library-image-picker';
import { MediaField } from '../media/media-field';
import { toContractValue, type ContentScreen, defOf } from './content-model';
import { columnTreeOptions, useSiteColumns } from './site-columns';

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** A slot's columns: as many as its kind takes. */
export const slotColumnsRule =
  (t: TFunction, slotKind: () => SlotKind | undefined): FormRule =>
  () => ({
    validator: async (_, value: unknown) => {
      const kind = slotKind();
      if (!kind) return;
      const { min, max } = SLOT_KINDS[kind];
      const n = Array.isArray(value) ? value.length : 0;
      if (n < min || n > max) throw new Error(contractMessage(t, CONTENT_MESSAGES.slotColumnsCount(min, max)));
    },
  });

type ControlProps = { field: ContentField; site: PortalSite; label: string; media: MediaSummary[]; columnKinds?: readonly ColumnKind[] };

function ColumnPicker({
  site,
  kinds,
  multiple,
  ...rest
}: {
  site: PortalSite;
  kinds?: readonly ColumnKind[];
  multiple?: boolean;
  id?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const { columns, paths, query } = useSiteColumns(site);
  if (multiple) {
    // An ordered pick: the order chosen is the order the slot shows its columns in.
    const options = columns.filter((c) => !kinds || kinds.includes(c.kind)).map((c) => ({ value: c.id, label: paths.get(c.id) ?? c.name }));
    return (
      <Select
        {...rest}
        mode="multiple"
        allowClear
        loading={query.isPending}
        options={options}
        placeholder={t('portal.content.pickColumns')}
        optionFilterProp="label"
      />
    );
  }
  return (
    <TreeSelect
      {...rest}
      allowClear
      showSearch
      treeDefaultExpandAll
      loading={query.isPending}
      treeNodeFilterProp="title"
      treeData={columnTreeOptions(columns, kinds)}
      placeholder={t('portal.content.pickColumn')}
    />
  );
}

/** A rich-text body whose image dialog offers the site's media library. */
function RichTextField({ site, ...props }: RichTextEditorProps & { site: PortalSite }) {
  const { pickImage, dialog } = useLibraryImagePicker(site);
  return (
    <>
      <RichTextEditor {...props} pickImage={pickImage} />
      {dialog}
    </>
  );
}

/** The control of a field, by its widget (Form.Item gives it value, onChange and id). */
function control({ field, site, label, media, columnKinds }: ControlProps, t: TFunction): ReactElement {
  const a11y = { 'aria-label': label };
  switch (field.widget) {
    case 'text':
    case 'url':
    case 'email':
      return <Input maxLength={field.max} />;
    case 'textarea':
      return <Input.TextArea maxLength={field.max} showCount autoSize={{ minRows: 3, maxRows: 8 }} />;
    case 'richText':
      return <RichTextField site={site} {...a11y} />;
    case 'image':
    case 'video':
      return <MediaField site={site} kind={field.widget} media={media} {...a11y} />;
    case 'column':
      return <ColumnPicker site={site} kinds={columnKinds} {...a11y} />;
    case 'columns':
      return <ColumnPicker site={site} multiple {...a11y} />;
    case 'datetime':
      return <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} className="portal-content__date" />;
    case 'tags':
      return (
        <Select
          mode="tags"
          maxCount={CONTENT_TAGS_MAX}
          tokenSeparators={[',', '，']}
          placeholder={t('portal.content.tagsHint', { max: CONTENT_TAG_MAX_LENGTH })}
        />
      );
    case 'number':
      return <InputNumber precision={0} min={0} className="portal-content__number" />;
    case 'select':
      return (
        <Select
          allowClear={!field.required}
          options={(field.options ?? []).map((v) => ({ value: v, label: t(`portal.option.${field.key}.${v}`) }))}
        />
      );
  }
}

const WIDE = new Set(['richText', 'textarea', 'columns', 'tags']);

export type ContentFieldsProps = {
  screen: ContentScreen;
  /** The media the item's reply lists (what its media fields show). */
  media: MediaSummary[];
  /** Fields whose value the screen sets (a slot page's kind, a single page's column): kept, not shown. */
  fixed?: readonly string[];
};

export function ContentFields({ screen, media, fixed = [] }: ContentFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const def = defOf(screen.type);
  return (
    <Row gutter={24}>
      {def.fields.map((field) => {
        if (fixed.includes(field.key))
          return (
            <Form.Item key={field.key} name={field.key} hidden>
              <Input />
            </Form.Item>
          );
        const label = t(field.label);
        const rules = fieldRules(field.schema, t, { toContract: (v) => toContractValue(field, v) });
        if (field.widget === 'columns' && def.type === 'layoutSlot')
          rules.push(slotColumnsRule(t, () => form.getFieldValue('slotKind') as SlotKind | undefined));
        return (
          <FieldCell key={field.key} span={WIDE.has(field.widget) ? 'full' : 'half'}>
            <Form.Item
              name={field.key}
              label={label}
              required={field.required !== undefined}
              rules={rules}
              dependencies={field.widget === 'columns' ? ['slotKind'] : undefined}
            >
              {control({ field, site: screen.site, label, media, columnKinds: def.columnKinds }, t)}
            </Form.Item>
          </FieldCell>
        );
      })}
    </Row>
  );
}

/** The time window: when the item goes live once approved, and when it goes off the site. */
export function TimeWindowFields() {
  const { t } = useTranslation();
  const after: FormRule = ({ getFieldValue }) => ({
    validator: async (_, value: unknown) => {
      const from = getFieldValue('goLiveAt') as { valueOf(): number } | null;
      if (value && from && (value as { valueOf(): number }).valueOf() <= from.valueOf())
        throw new Error(contractMessage(t, CONTENT_MESSAGES.expireBeforeGoLive));
    },
  });
  return (
    <Row gutter={24}>
      <Col xs={24} md={12}>
        <Form.Item name="goLiveAt" label={t('portal.content.goLiveAt')} extra={t('portal.content.goLiveAtHint')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} className="portal-content__date" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="expireAt"
          label={t('portal.content.expireAt')}
          extra={t('portal.content.expireAtHint')}
          dependencies={['goLiveAt']}
          rules={[after]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} className="portal-content__date" />
        </Form.Item>
      </Col>
    </Row>
  );
}
