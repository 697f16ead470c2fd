import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Skeleton } from 'antd';
import { ENTERPRISE_LABELS, ENTERPRISE_LIMITS as L, ENTERPRISE_TEXTS as T } from '@btz/shared';
import { missingIn } from './api';
import { useEnterpriseInfo, useSaveEnterpriseInfo } from './hooks';
import { creditCodeRule, maxRule, requiredRule, showServerError } from './rules';
import './enterprise.css';

export { missingEssentials } from './api';
export { useMissingEssentials } from './hooks';

interface Essentials {
  name: string;
  creditCode: string;
  legalRep: string;
}

/**
 * Asked before a full-text writing starts when an essential fact is missing: the three essentials, prefilled from the
 * saved info. 「保存并开始编写」 saves them (the other facts stay as they are) and calls onDone; 「跳过，直接编写」 calls
 * onSkip (the writer then marks the gaps 【待填写】); the close button calls onCancel.
 */
export function CompleteEntDialog(props: { open: boolean; onDone(): void; onSkip(): void; onCancel(): void }) {
  const { open, onDone, onSkip, onCancel } = props;
  const [form] = Form.useForm<Essentials>();
  const info = useEnterpriseInfo(open);
  const save = useSaveEnterpriseInfo();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open && info.data) {
      form.setFieldsValue({ name: info.data.name, creditCode: info.data.creditCode, legalRep: info.data.legalRep });
    }
    if (!open) setError(null);
  }, [open, info.data, form]);

  const missing = info.data ? missingIn(info.data).map((k) => ENTERPRISE_LABELS[k]) : [];

  const submit = async () => {
    setError(null);
    let values: Essentials;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({
        name: values.name.trim(),
        creditCode: values.creditCode.replace(/\s+/g, '').toUpperCase(),
        legalRep: values.legalRep.trim(),
      });
      onDone();
    } catch (e) {
      setError(showServerError(form, e));
    }
  };

  return (
    <Modal
      open={open}
      title={T.dialogTitle}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
      width={560}
      footer={[
        <Button key="skip" onClick={onSkip} disabled={save.isPending}>
          {T.skipAndWrite}
        </Button>,
        <Button key="save" type="primary" onClick={() => void submit()} loading={save.isPending} disabled={!info.data}>
          {T.saveAndWrite}
        </Button>,
      ]}
    >
      <Alert type="info" showIcon title={T.dialogIntro} className="ent-dialog__intro" />
      {info.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          {missing.length > 0 && <p className="ent-dialog__missing">还缺少：{missing.join('、')}</p>}
          {info.isError && <Alert type="warning" showIcon title="已保存的企业信息加载失败，请直接填写" style={{ marginBottom: 12 }} />}
          <Form form={form} name="complete-ent" layout="vertical" requiredMark onFinish={() => void submit()}>
            <Form.Item label={ENTERPRISE_LABELS.name} name="name" rules={[requiredRule(ENTERPRISE_LABELS.name!), maxRule(L.name)]}>
              <Input placeholder="与营业执照一致" allowClear />
            </Form.Item>
            <Form.Item
              label={ENTERPRISE_LABELS.creditCode}
              name="creditCode"
              rules={[requiredRule(ENTERPRISE_LABELS.creditCode!), creditCodeRule]}
              normalize={(v: string) => (v ?? '').toUpperCase()}
            >
              <Input placeholder="18 位，见营业执照" maxLength={24} allowClear />
            </Form.Item>
            <Form.Item label={ENTERPRISE_LABELS.legalRep} name="legalRep" rules={[requiredRule(ENTERPRISE_LABELS.legalRep!), maxRule(L.legalRep)]}>
              <Input placeholder="法定代表人姓名" allowClear />
            </Form.Item>
          </Form>
          {error && <Alert type="error" showIcon title={error} />}
        </>
      )}
    </Modal>
  );
}
