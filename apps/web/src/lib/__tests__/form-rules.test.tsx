// Form rules derived from the contract: what antd's own form engine reports for a field built from a contract
// field schema (required, max, pattern and any refinement, each with the contract's message, once), the
// translated messages in en, and what formField gives a Form.Item.
import { render } from '@testing-library/react';
import { Form, type FormInstance, type FormRule } from 'antd';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ADDRESS_MESSAGES,
  COLUMN_FIELDS,
  SaveDeliveryAddressBodySchema,
  inputString,
  optionalTextOrEmpty,
  requiredText,
  withFieldMeta,
} from '@tfb/contract';
import { changeLanguage, i18n } from '../i18n';
import { contractMessage, fieldRules, formField } from '../form-rules';

/** Stands in for an input: holds whatever value the test sets. */
const Holder = (_: { value?: unknown; onChange?: unknown }) => null;

/** The messages antd's form shows for `value` under `rules` (none when it passes). */
async function errorsOf(rules: FormRule[], value: unknown): Promise<string[]> {
  const form = createRef<FormInstance>();
  const view = render(
    <Form ref={form}>
      <Form.Item name="x" rules={rules}>
        <Holder />
      </Form.Item>
    </Form>,
  );
  try {
    form.current!.setFieldsValue({ x: value });
    await form.current!.validateFields();
    return [];
  } catch (e) {
    return (e as { errorFields: { errors: string[] }[] }).errorFields.flatMap((f) => f.errors);
  } finally {
    view.unmount();
  }
}

const t = i18n.t.bind(i18n);
const phone = SaveDeliveryAddressBodySchema.shape.contactsPhone;

afterEach(async () => {
  await changeLanguage('zh');
});

describe('fieldRules', () => {
  it('declares required, max and pattern with the contract’s messages, then a validator', () => {
    const rules = fieldRules(phone, t);
    expect(rules).toHaveLength(4);
    expect(rules[0]).toMatchObject({ required: true, message: '请输入手机号' });
    expect(rules[1]).toMatchObject({ max: 20, message: '不能超过 20 个字符' });
    expect(rules[2]).toMatchObject({ pattern: expect.any(RegExp), message: '请输入正确的手机号' });
    expect(rules[3]).toHaveProperty('validator');
  });

  it('refuses a missing or blank value with the required message only', async () => {
    for (const v of [undefined, '', '   ']) expect(await errorsOf(fieldRules(phone, t), v)).toEqual(['请输入手机号']);
  });

  it('refuses a value off the pattern, or too long, with one message each', async () => {
    expect(await errorsOf(fieldRules(phone, t), '139abc')).toEqual(['请输入正确的手机号']);
    const contacts = SaveDeliveryAddressBodySchema.shape.contacts;
    expect(await errorsOf(fieldRules(contacts, t), '张'.repeat(51))).toEqual(['不能超过 50 个字符']);
  });

  it('holds max and pattern to the trimmed value, as the server does', async () => {
    expect(await errorsOf(fieldRules(phone, t), ` ${'1'.repeat(20)} `)).toEqual([]);
    expect(await errorsOf(fieldRules(phone, t), '+86 (21) 5555-1234')).toEqual([]);
  });

  it('runs the field’s schema, so a refinement the metadata does not describe still holds', async () => {
    const login = requiredText('请输入登录名', 20).refine((s) => s !== 'admin', '不能使用 admin');
    expect(await errorsOf(fieldRules(login, t), 'admin')).toEqual(['不能使用 admin']);
    expect(await errorsOf(fieldRules(login, t), 'a\u0000b')).toEqual(['不能包含空字符']);
    expect(await errorsOf(fieldRules(login, t), 'wang')).toEqual([]);
  });

  it('checks the contract’s value made from the form’s (a region cascader’s codes joined)', async () => {
    const rules = fieldRules(SaveDeliveryAddressBodySchema.shape.addressCode, t, {
      toContract: (v) => (Array.isArray(v) ? v.join(',') : v),
    });
    expect(await errorsOf(rules, undefined)).toEqual(['请选择地址']);
    expect(await errorsOf(rules, [])).toEqual(['请选择地址']);
    expect(await errorsOf(rules, ['310000', '310100'])).toEqual(['请选择地址']);
    expect(await errorsOf(rules, ['310000', '310100', '310113'])).toEqual([]);
  });

  it('leaves an optional field empty, and gives a field without metadata its schema’s check only', async () => {
    const remark = optionalTextOrEmpty(5);
    expect(fieldRules(remark, t).some((r) => 'required' in r)).toBe(false);
    expect(await errorsOf(fieldRules(remark, t), '')).toEqual([]);
    expect(await errorsOf(fieldRules(remark, t), '123456')).toEqual(['不能超过 5 个字符']);

    const code = inputString().regex(/^[A-Z]+$/, '只能是大写字母');
    expect(fieldRules(code, t)).toHaveLength(1);
    expect(await errorsOf(fieldRules(code, t), 'abc')).toEqual(['只能是大写字母']);
    expect(await errorsOf(fieldRules(z.string(), t), 'anything')).toEqual([]);
  });
});

describe('contract messages in the current language', () => {
  it('shows zh as the contract writes it, and en/es from contractMessages', async () => {
    expect(contractMessage(t, ADDRESS_MESSAGES.phoneInvalid)).toBe('请输入正确的手机号');
    await changeLanguage('en');
    expect(contractMessage(t, ADDRESS_MESSAGES.phoneInvalid)).toBe('Enter a valid phone number');
    expect(await errorsOf(fieldRules(phone, t), '')).toEqual(['Enter a phone number']);
    // A message without a translation is shown as the contract writes it.
    expect(contractMessage(t, '不能超过 20 个字符')).toBe('不能超过 20 个字符');
    await changeLanguage('es');
    expect(contractMessage(t, ADDRESS_MESSAGES.region)).toBe('Elija una región');
  });
});

describe('formField', () => {
  it('gives the translated label, the rules and the input’s maxLength', async () => {
    const field = formField(phone, t);
    expect(field.label).toBe('手机号');
    expect(field.maxLength).toBe(20);
    expect(field.rules).toHaveLength(4);
    await changeLanguage('en');
    expect(formField(phone, t).label).toBe(i18n.t('widgets.address.contactsPhone'));
  });

  it('labels every field of the portal column form in zh, en and es, and translates its required messages', async () => {
    const labels = async (lang: 'zh' | 'en' | 'es') => {
      await changeLanguage(lang);
      return Object.values(COLUMN_FIELDS).map((f) => formField(f, t).label);
    };
    for (const lang of ['zh', 'en', 'es'] as const) {
      const shown = await labels(lang);
      expect(
        shown.every((l) => typeof l === 'string' && l !== '' && !l.startsWith('portal.')),
        `${lang}: ${shown.join(', ')}`,
      ).toBe(true);
    }
    expect(formField(COLUMN_FIELDS.name, t).maxLength).toBe(50);
    expect(await errorsOf(fieldRules(COLUMN_FIELDS.slug, t), 'Not A Slug')).toEqual(['El alias solo admite minúsculas, dígitos y guiones']);
    await changeLanguage('en');
    expect(await errorsOf(fieldRules(COLUMN_FIELDS.kind, t), '')).toEqual(['Choose the column type']);
  });

  it('has no label for a field the contract gives none', () => {
    const field = formField(withFieldMeta(requiredText('请输入', 10), {}), t);
    expect(field.label).toBeUndefined();
    expect(field.maxLength).toBe(10);
  });
});
