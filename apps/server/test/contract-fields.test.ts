// The contract's field library (packages/contract/src/fields.ts), which every request schema is built from:
// NUL refusal, trimming, the two optional texts ('' or undefined), blank versus unset filters, the messages, and
// the form metadata each builder attaches for the web forms.
import {
  NUL_MESSAGE,
  SaveDeliveryAddressBodySchema,
  UpdateDeliveryAddressBodySchema,
  fieldMetaOf,
  inputString,
  optionalFlag01,
  optionalIdentifier,
  optionalText,
  optionalTextOrEmpty,
  queryIsoDate,
  queryRowId,
  requiredDate,
  requiredText,
  tooLongMessage,
  withFieldMeta,
} from '@tfb/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** The parsed value, or the messages of every issue. */
const parse = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? { value: r.data } : { messages: r.error.issues.map((i) => i.message) };
};

describe('text fields refuse NUL, which PostgreSQL text cannot hold', () => {
  it.each([
    ['inputString', inputString()],
    ['requiredText', requiredText('请输入', 20)],
    ['optionalText', optionalText(20)],
    ['optionalTextOrEmpty', optionalTextOrEmpty(20)],
    ['optionalIdentifier', optionalIdentifier(64)],
  ])('%s', (_, schema) => {
    expect(parse(schema, 'a\u0000b')).toEqual({ messages: [NUL_MESSAGE] });
  });
});

describe('requiredText', () => {
  const name = requiredText('请输入姓名', 5);

  it('trims, and answers missing, non-text and blank values with its message', () => {
    expect(parse(name, '  张三  ')).toEqual({ value: '张三' });
    for (const v of [undefined, null, 42, '', '   ']) expect(parse(name, v)).toEqual({ messages: ['请输入姓名'] });
  });

  it('counts characters after trimming and says how many are allowed', () => {
    expect(parse(name, ' 12345 ')).toEqual({ value: '12345' });
    expect(parse(name, '123456')).toEqual({ messages: ['不能超过 5 个字符'] });
    expect(tooLongMessage(5)).toBe('不能超过 5 个字符');
    expect(parse(requiredText('x', 5, { tooLong: 'x 过长' }), '123456')).toEqual({ messages: ['x 过长'] });
  });

  it('holds a pattern to the trimmed value, with its own message', () => {
    const phone = requiredText('请输入手机号', 20, { pattern: /^[0-9]{3,20}$/, patternMessage: '请输入正确的手机号' });
    expect(parse(phone, ' 13900000001 ')).toEqual({ value: '13900000001' });
    expect(parse(phone, '139abc')).toEqual({ messages: ['请输入正确的手机号'] });
    expect(parse(phone, '')).toEqual({ messages: ['请输入手机号'] });
  });
});

describe('the two optional texts: optionalText gives undefined, optionalTextOrEmpty gives ""', () => {
  it('optionalText: missing, null, "" and spaces are not sent', () => {
    const text = optionalText(10);
    for (const v of [undefined, null, '', '   ']) expect(parse(text, v)).toEqual({ value: undefined });
    expect(parse(text, ' 钢材 ')).toEqual({ value: '钢材' });
    expect(parse(text, 'x'.repeat(11))).toEqual({ messages: ['不能超过 10 个字符'] });
  });

  it('optionalTextOrEmpty: missing, null, "" and spaces are stored as ""', () => {
    const remark = optionalTextOrEmpty(10);
    for (const v of [undefined, null, '', '   ']) expect(parse(remark, v)).toEqual({ value: '' });
    expect(parse(remark, ' 备注 ')).toEqual({ value: '备注' });
    expect(parse(remark, 'x'.repeat(11))).toEqual({ messages: ['不能超过 10 个字符'] });
    expect(parse(remark, 42)).toEqual({ messages: ['必须是文本'] });
    const comment = optionalTextOrEmpty(3, { notText: '审批意见必须是文本', tooLong: '审批意见不能超过 3 个字符' });
    expect(parse(comment, 42)).toEqual({ messages: ['审批意见必须是文本'] });
    expect(parse(comment, 'abcd')).toEqual({ messages: ['审批意见不能超过 3 个字符'] });
  });
});

describe('typed filters: unset (missing, null, "") means no filter; spaces are malformed', () => {
  it('queryRowId', () => {
    const id = queryRowId('id 必须是正整数');
    for (const v of [undefined, null, '']) expect(parse(id, v)).toEqual({ value: undefined });
    expect(parse(id, '12')).toEqual({ value: 12 });
    for (const v of ['  ', '0', '-1', '1.5', 'abc']) expect(parse(id, v)).toEqual({ messages: ['id 必须是正整数'] });
  });

  it('queryIsoDate', () => {
    const date = queryIsoDate();
    for (const v of [undefined, null, '']) expect(parse(date, v)).toEqual({ value: undefined });
    expect(parse(date, '2024-02-29')).toEqual({ value: '2024-02-29' });
    for (const v of ['  ', '2024-02-30', '1899-12-31']) expect(parse(date, v)).toEqual({ messages: ['日期格式应为 yyyy-MM-dd'] });
  });

  it('optionalIdentifier keeps what was sent, spaces included', () => {
    const userId = optionalIdentifier(4, 'userId 过长');
    expect(parse(userId, '')).toEqual({ value: undefined });
    expect(parse(userId, ' u1 ')).toEqual({ value: ' u1 ' });
    expect(parse(userId, 'u1234')).toEqual({ messages: ['userId 过长'] });
  });

  it('optionalFlag01: unset is 0', () => {
    const flag = optionalFlag01('isCreate 只能是 0 或 1');
    for (const v of [undefined, null, '']) expect(parse(flag, v)).toEqual({ value: 0 });
    expect(parse(flag, '1')).toEqual({ value: 1 });
    expect(parse(flag, '2')).toEqual({ messages: ['isCreate 只能是 0 或 1'] });
  });

  it('requiredDate: its own message when missing, the format message otherwise', () => {
    const day = requiredDate('请选择入库日期');
    expect(parse(day, '2024-01-31')).toEqual({ value: '2024-01-31' });
    expect(parse(day, undefined)).toEqual({ messages: ['请选择入库日期'] });
    expect(parse(day, '2024-01-32')).toEqual({ messages: ['日期格式应为 yyyy-MM-dd'] });
  });
});

describe('form metadata', () => {
  it('each builder records what it checks, and a label when given', () => {
    expect(fieldMetaOf(requiredText('请输入', 30, { label: 'a.b' }))).toEqual({
      label: 'a.b',
      required: '请输入',
      max: 30,
      tooLong: '不能超过 30 个字符',
    });
    expect(fieldMetaOf(optionalText(40))).toEqual({ max: 40, tooLong: '不能超过 40 个字符' });
    expect(fieldMetaOf(optionalTextOrEmpty(500))).toEqual({ max: 500, tooLong: '不能超过 500 个字符' });
    expect(fieldMetaOf(requiredDate('请选择日期'))).toEqual({ required: '请选择日期' });
  });

  it('is found through .optional() and kept by added checks', () => {
    const base = requiredText('请输入', 10);
    expect(fieldMetaOf(base.optional())).toMatchObject({ required: '请输入', max: 10 });
    expect(fieldMetaOf(base.refine((s) => s !== 'x', 'no x'))).toMatchObject({ required: '请输入', max: 10 });
    expect(fieldMetaOf(z.string())).toBeUndefined();
  });

  it('withFieldMeta adds to what a schema has', () => {
    const labelled = withFieldMeta(requiredText('请输入', 10), { label: 'x.y' });
    expect(fieldMetaOf(labelled)).toMatchObject({ label: 'x.y', required: '请输入', max: 10 });
  });

  it('the address body carries the address form’s labels, lengths and the phone pattern, on create and update', () => {
    for (const body of [SaveDeliveryAddressBodySchema, UpdateDeliveryAddressBodySchema]) {
      const phone = fieldMetaOf(body.shape.contactsPhone);
      expect(phone).toMatchObject({
        label: 'widgets.address.contactsPhone',
        required: '请输入手机号',
        max: 20,
        patternMessage: '请输入正确的手机号',
      });
      expect(phone?.pattern?.test('139 0000 0001')).toBe(true);
      expect(phone?.pattern?.test('139abc')).toBe(false);
      expect(fieldMetaOf(body.shape.contacts)).toMatchObject({ label: 'widgets.address.contacts', required: '请输入姓名', max: 50 });
      expect(fieldMetaOf(body.shape.addressCode)).toMatchObject({
        label: 'widgets.address.region',
        required: '请选择地址',
        patternMessage: '请选择地址',
      });
      expect(fieldMetaOf(body.shape.detailedAddress)).toMatchObject({
        label: 'widgets.address.detailedAddress',
        required: '请输入详细地址',
        max: 200,
      });
    }
  });
});
