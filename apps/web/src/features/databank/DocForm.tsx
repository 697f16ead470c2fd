import { DatePicker, Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATA_DOC_TYPES, DATA_LIMITS, type DataDocFields } from '@btz/shared';
import { TagSelect } from '../pictures/PictureLibraryPage';

/** The form's values: dates as dayjs for the pickers. */
export type DocFormValues = Omit<DataDocFields, 'validFrom' | 'expiry'> & { validFrom: Dayjs | null; expiry: Dayjs | null };

export function toFormValues(f: Partial<DataDocFields>): Partial<DocFormValues> {
  return { ...f, validFrom: f.validFrom ? dayjs(f.validFrom) : null, expiry: f.expiry ? dayjs(f.expiry) : null, tags: f.tags ?? [] };
}

export function fromFormValues(v: DocFormValues): DataDocFields {
  const s = (x: string | null | undefined) => (x?.trim() ? x.trim() : null);
  return {
    type: v.type,
    name: v.name.trim(),
    number: s(v.number),
    creditCode: s(v.creditCode)?.toUpperCase() ?? null,
    issuer: s(v.issuer),
    validFrom: v.validFrom ? v.validFrom.format('YYYY-MM-DD') : null,
    expiry: v.expiry ? v.expiry.format('YYYY-MM-DD') : null,
    person: v.type === '人员证书' ? s(v.person) : null,
    client: v.type === '业绩合同' ? s(v.client) : null,
    year: v.type === '业绩合同' ? (v.year ?? null) : null,
    amount: v.type === '业绩合同' ? (v.amount ?? null) : null,
    tags: v.tags ?? [],
  };
}

/** The fields of a data-bank document; 人员证书 asks for the person, 业绩合同 for client, year and amount. */
export function DocForm({ form, tagOptions }: { form: FormInstance<DocFormValues>; tagOptions: string[] }) {
  const type = Form.useWatch('type', form);
  return (
    <Form form={form} layout="vertical" className="db-form" requiredMark="optional">
      <div className="db-form__grid">
        <Form.Item name="type" label="资料类型" rules={[{ required: true, message: '请选择资料类型' }]}>
          <Select options={DATA_DOC_TYPES.map((t) => ({ value: t, label: t }))} data-testid="db-type" />
        </Form.Item>
        <Form.Item name="name" label="资料名称" rules={[{ required: true, whitespace: true, message: '请填写资料名称' }, { max: DATA_LIMITS.name }]}>
          <Input data-testid="db-name" />
        </Form.Item>
        <Form.Item name="number" label="证书编号">
          <Input data-testid="db-number" maxLength={DATA_LIMITS.field} />
        </Form.Item>
        <Form.Item
          name="creditCode"
          label="统一社会信用代码"
          rules={[{ pattern: /^[0-9A-HJ-NPQRTUWXYa-hj-npqrtuwxy]{18}$/, message: '统一社会信用代码应为 18 位' }]}
        >
          <Input data-testid="db-credit-code" maxLength={18} />
        </Form.Item>
        <Form.Item name="issuer" label="发证机关">
          <Input data-testid="db-issuer" maxLength={DATA_LIMITS.field} />
        </Form.Item>
        <Form.Item name="validFrom" label="发证日期">
          <DatePicker style={{ width: '100%' }} data-testid="db-valid-from" />
        </Form.Item>
        <Form.Item
          name="expiry"
          label="有效期至"
          dependencies={['validFrom']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v: Dayjs | null) => {
                const from = getFieldValue('validFrom') as Dayjs | null;
                return v && from && v.isBefore(from, 'day') ? Promise.reject(new Error('有效期至不能早于发证日期')) : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} placeholder="长期有效可不填" data-testid="db-expiry" />
        </Form.Item>
        {type === '人员证书' ? (
          <Form.Item name="person" label="持证人">
            <Input maxLength={DATA_LIMITS.field} />
          </Form.Item>
        ) : null}
        {type === '业绩合同' ? (
          <>
            <Form.Item name="client" label="合同甲方">
              <Input maxLength={DATA_LIMITS.field} />
            </Form.Item>
            <Form.Item name="year" label="年份">
              <InputNumber min={1950} max={2200} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="amount" label="合同金额（元）">
              <InputNumber min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </>
        ) : null}
      </div>
      <Form.Item name="tags" label="标签">
        <TagSelect value={form.getFieldValue('tags') ?? []} onChange={(t) => form.setFieldValue('tags', t)} options={tagOptions} />
      </Form.Item>
    </Form>
  );
}
