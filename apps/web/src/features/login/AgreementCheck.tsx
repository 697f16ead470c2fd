import { Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { boot } from '../../lib/boot';
import { brandName } from '../../lib/brand';

type Doc = 'terms' | 'privacy' | null;

/** 「我已阅读并同意《用户服务协议》和《隐私政策》」 with both documents readable in place. */
export function AgreementCheck({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const [doc, setDoc] = useState<Doc>(null);
  const { companyName } = boot().branding;
  const brand = brandName(boot().branding);
  const company = companyName || brand;
  return (
    <>
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} className="login-agree">
        我已阅读并同意
        <a onClick={(e) => (e.preventDefault(), setDoc('terms'))} href="#terms">
          《用户服务协议》
        </a>
        和
        <a onClick={(e) => (e.preventDefault(), setDoc('privacy'))} href="#privacy">
          《隐私政策》
        </a>
      </Checkbox>
      <Modal
        open={doc !== null}
        title={doc === 'privacy' ? '隐私政策' : '用户服务协议'}
        onCancel={() => setDoc(null)}
        onOk={() => {
          onChange(true);
          setDoc(null);
        }}
        okText="同意"
        cancelText="关闭"
        width={640}
        centered
      >
        {doc === 'privacy' ? (
          <div className="login-doc">
            <p>{company}（以下简称「我们」）重视您的个人信息保护。使用{brand}时，我们会按本政策处理您的信息：</p>
            <p>1. 我们收集的信息：手机号（用于登录与安全验证）、微信授权信息（选择微信登录时）、您上传的招标文件与编写的标书内容、订单与支付状态。</p>
            <p>2. 使用目的：提供标书解析、生成与导出服务，完成支付与开具凭证，保障账号安全，改进产品体验。</p>
            <p>3. 您的文件与标书内容仅用于为您本人（或您所在企业）提供服务，未经授权不会向任何第三方披露，也不会用于训练公开模型。</p>
            <p>4. 您可以在个人中心查看、更正个人资料，或联系客服注销账号；注销后我们将按法律规定删除或匿名化您的信息。</p>
            <p>5. 我们采用传输加密、访问控制与操作审计等措施保护您的数据安全。</p>
          </div>
        ) : (
          <div className="login-doc">
            <p>欢迎使用{brand}。在注册、登录及使用本服务前，请您仔细阅读本协议：</p>
            <p>1. 您使用手机号验证码或微信扫码登录；首次登录即自动创建账号，视为您同意本协议。</p>
            <p>2. 您应保证上传的招标文件与资料来源合法，并对最终递交的投标文件内容负责；AI 生成的内容仅供参考，请在递交前审阅。</p>
            <p>3. 会员权益与标书份数以购买时页面展示为准；虚拟服务一经开通，除法律规定外不予退款。</p>
            <p>4. 不得利用本服务从事违法违规活动，不得干扰系统正常运行；否则我们有权暂停或终止服务。</p>
            <p>5. 本协议由{company}负责解释，适用中华人民共和国法律。</p>
          </div>
        )}
      </Modal>
    </>
  );
}
