import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Col, Form, Input, Result, Row, Skeleton, Tag, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ENTERPRISE_LIMITS as L, ENTERPRISE_TEXTS, EXPIRY_PERMANENT, isCalendarDay, shanghaiToday, type EnterpriseInfo } from '@btz/shared';
import { toast } from '../../lib/feedback';
import { ExpiryInput } from './ExpiryInput';
import { useEnterpriseInfo, useSaveEnterpriseInfo } from './hooks';
import { creditCodeRule, expiryRule, maxRule, phoneRule, requiredRule, showServerError, toSaveBody } from './rules';
import './enterprise.css';

type ListName = 'contacts' | 'qualifications' | 'staff' | 'projects';

interface Column {
  field: string;
  label: string;
  span: number;
  required?: boolean;
  max?: number;
  rules?: Parameters<typeof Form.Item>[0]['rules'];
  input?: ReactNode;
}

const isLapsed = (expiry: unknown) => typeof expiry === 'string' && expiry !== EXPIRY_PERMANENT && isCalendarDay(expiry) && expiry < shanghaiToday();

const LISTS: Record<ListName, { title: string; hint: string; add: string; max: number; columns: Column[] }> = {
  contacts: {
    title: '联系人',
    hint: '写入投标函、服务承诺中的联系方式。',
    add: '添加联系人',
    max: L.contacts,
    columns: [
      { field: 'name', label: '姓名', span: 6, required: true, max: 50 },
      { field: 'phone', label: '联系电话', span: 8, rules: [phoneRule] },
      { field: 'role', label: '职务', span: 8, max: 50 },
    ],
  },
  qualifications: {
    title: '资质证书',
    hint: '已过期的证书不会写入标书；长期有效的证书请勾选「长期有效」。',
    add: '添加资质证书',
    max: L.qualifications,
    columns: [
      { field: 'name', label: '证书名称', span: 8, required: true, max: L.short },
      { field: 'number', label: '证书编号', span: 6, max: L.short },
      { field: 'expiry', label: '有效期至', span: 8, rules: [expiryRule], input: <ExpiryInput /> },
    ],
  },
  staff: {
    title: '主要人员',
    hint: '项目经理、技术负责人等拟派人员，写入人员配置章节。',
    add: '添加人员',
    max: L.staff,
    columns: [
      { field: 'name', label: '姓名', span: 5, required: true, max: 50 },
      { field: 'role', label: '拟任岗位', span: 5, max: 50 },
      { field: 'title', label: '职称', span: 5, max: 50 },
      { field: 'certificate', label: '执业资格证书', span: 7, max: L.short },
    ],
  },
  projects: {
    title: '类似业绩',
    hint: '近年完成的同类项目，写入业绩章节。',
    add: '添加业绩',
    max: L.projects,
    columns: [
      { field: 'name', label: '项目名称', span: 8, required: true, max: 200 },
      { field: 'client', label: '业主单位', span: 6, max: L.short },
      { field: 'year', label: '年份', span: 3, max: 20 },
      { field: 'amount', label: '合同金额', span: 5, max: 50 },
    ],
  },
};

function Section({ title, hint, children, extra }: { title: string; hint?: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <section className="wb-card ent-section">
      <header className="ent-section__head">
        <div>
          <h2 className="ent-section__title">{title}</h2>
          {hint && <p className="ent-section__hint">{hint}</p>}
        </div>
        {extra}
      </header>
      {children}
    </section>
  );
}

/** One Form.List as a small table: a header row of labels, a row of inputs per entry, add and remove. */
function ListSection({ name, form }: { name: ListName; form: FormInstance }) {
  const spec = LISTS[name];
  // the columns' shares, then room for the 已过期 tag and the delete button
  const grid = { gridTemplateColumns: `${spec.columns.map((c) => `minmax(0, ${c.span}fr)`).join(' ')} 104px` };
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Section
          title={spec.title}
          hint={spec.hint}
          extra={<span className="ent-section__count">{fields.length} / {spec.max}</span>}
        >
          <div className="ent-list" data-testid={`ent-list-${name}`}>
            {fields.length > 0 && (
              <div className="ent-list__grid ent-list__header" style={grid}>
                {spec.columns.map((c) => (
                  <div key={c.field}>
                    {c.required && <span className="ent-required">*</span>}
                    {c.label}
                  </div>
                ))}
                <div />
              </div>
            )}
            {fields.map((f, i) => (
              <div key={f.key} className="ent-list__grid ent-list__row" style={grid} data-testid={`ent-row-${name}-${i}`}>
                {spec.columns.map((c) => (
                  <div key={c.field}>
                    <Form.Item
                      name={[f.name, c.field]}
                      rules={[
                        ...(c.required ? [requiredRule(c.label)] : []),
                        ...(c.max ? [maxRule(c.max)] : []),
                        ...(c.rules ?? []),
                      ]}
                    >
                      {c.input ?? <Input placeholder={c.label} aria-label={`${spec.title}${i + 1}${c.label}`} allowClear />}
                    </Form.Item>
                  </div>
                ))}
                <div className="ent-list__actions">
                  {name === 'qualifications' && (
                    <Form.Item noStyle shouldUpdate>
                      {() => (isLapsed(form.getFieldValue([name, f.name, 'expiry'])) ? <Tag color="error">已过期</Tag> : null)}
                    </Form.Item>
                  )}
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除第 ${i + 1} 条${spec.title}`}
                    title="删除"
                    onClick={() => remove(f.name)}
                  />
                </div>
              </div>
            ))}
            {fields.length === 0 && <p className="ent-list__empty">尚未添加{spec.title}，点击下方按钮添加。</p>}
            <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= spec.max} onClick={() => add({})} block>
              {spec.add}
            </Button>
          </div>
        </Section>
      )}
    </Form.List>
  );
}

function InfoForm({ info }: { info: EnterpriseInfo }) {
  const [form] = Form.useForm<EnterpriseInfo>();
  const save = useSaveEnterpriseInfo();
  const [error, setError] = useState<string | null>(null);
  const [updateTime, setUpdateTime] = useState(info.updateTime);

  const submit = async (values: EnterpriseInfo) => {
    setError(null);
    const body = toSaveBody(values);
    // empty rows are dropped before sending: drop them on screen too, so the server's row numbers match the form's
    form.setFieldsValue(body);
    try {
      const saved = await save.mutateAsync(body);
      form.setFieldsValue(saved);
      setUpdateTime(saved.updateTime);
      toast.success(ENTERPRISE_TEXTS.saved);
    } catch (e) {
      setError(showServerError(form, e));
    }
  };

  // Ctrl+S / ⌘S saves, as in the section editor
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        form.submit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [form]);

  return (
    <Form
      form={form}
      name="enterprise"
      layout="vertical"
      initialValues={info}
      onFinish={submit}
      onFinishFailed={() => setError('请按提示修改标红的内容后再保存')}
      scrollToFirstError={{ block: 'center' }}
      requiredMark={false}
      className="ent-form"
    >
      <Alert
        type="info"
        showIcon
        className="ent-intro"
        title="AI 只会使用你在这里确认过的企业事实"
        description="没有填写的内容，标书中将以【待填写】标出，不会凭空编造；已过期的资质证书不会写入标书。"
      />
      <Section title="基本信息" hint="企业名称、统一社会信用代码和法定代表人是编写标书前必填的三项。">
        <Row gutter={24}>
          <Col span={12}>
            <Form.Item label="企业名称" name="name" rules={[maxRule(L.name)]}>
              <Input placeholder="与营业执照一致，如：杭州某某信息技术有限公司" allowClear />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="统一社会信用代码"
              name="creditCode"
              rules={[creditCodeRule]}
              normalize={(v: string) => (v ?? '').toUpperCase()}
              validateDebounce={300}
            >
              <Input placeholder="18 位，见营业执照" maxLength={24} allowClear />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="法定代表人" name="legalRep" rules={[maxRule(L.legalRep)]}>
              <Input placeholder="法定代表人姓名" allowClear />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="企业地址" name="address" rules={[maxRule(L.address)]}>
              <Input placeholder="注册地址或办公地址" allowClear />
            </Form.Item>
          </Col>
        </Row>
      </Section>
      <ListSection name="contacts" form={form} />
      <ListSection name="qualifications" form={form} />
      <ListSection name="staff" form={form} />
      <ListSection name="projects" form={form} />

      <div className="ent-footer">
        {error ? (
          <Alert type="error" showIcon title={error} className="ent-footer__error" data-testid="ent-error" />
        ) : (
          <span className="ent-footer__time">{updateTime ? `最后保存：${updateTime.slice(0, 16)}` : '尚未保存'}</span>
        )}
        <Button type="primary" htmlType="submit" size="large" loading={save.isPending} data-testid="ent-save">
          保存
        </Button>
      </div>
    </Form>
  );
}

/** /workbench/data/EnterpriseInfo: the enterprise facts the AI writer may use, entered and confirmed by the user. */
export function EnterpriseInfoPage() {
  const q = useEnterpriseInfo();
  return (
    <div className="wb-screen ent-page">
      <h1 className="wb-screen__title">企业信息</h1>
      {q.isPending ? (
        <div className="wb-card ent-section">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      ) : q.isError ? (
        <div className="wb-card">
          <Result
            status="warning"
            title="企业信息加载失败"
            subTitle={showServerError(null, q.error).replace('保存失败', '加载失败')}
            extra={
              <Button type="primary" onClick={() => void q.refetch()}>
                重新加载
              </Button>
            }
          />
        </div>
      ) : (
        <InfoForm info={q.data} />
      )}
    </div>
  );
}
