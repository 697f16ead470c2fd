import { PAYMENT_COUNTDOWN_S, TEXT } from '@btz/shared';
import { SitePage } from '../../components/site/SitePage';
import { boot } from '../../lib/boot';
import { brandName } from '../../lib/brand';

/** /home/pay_agreement.html — the static payment agreement the purchase dialog links to (spec §2). */
export default function PayAgreement() {
  const { branding } = boot();
  const brand = brandName(branding);
  const company = branding.companyName || brand;
  const minutes = Math.round(PAYMENT_COUNTDOWN_S / 60);
  return (
    <SitePage title={`${brand}${TEXT.paymentAgreement}`} crumb={TEXT.paymentAgreement} lead={`本协议是您与${company}（以下简称「我们」）就购买${brand}会员及标书份数等付费服务所订立的协议。请您在付款前仔细阅读；完成支付即视为您已阅读并同意本协议全部内容。`}>
      <div className="site-article">
        <h2>一、服务内容</h2>
        <ol>
          <li>个人会员与企业会员：在有效期内享有对应套餐页面所列的权益（如标书生成、AI 健康度检查、导出等），有效期自支付成功之时起算，到期日以支付页面展示为准。</li>
          <li>按需购买（标书份数）：分为普通版与旗舰版，每生成一份对应版本的标书消耗一份；份数长期有效，可与会员权益同时使用。</li>
          <li>企业会员及企业购买的份数归属于购买时所在的企业，由企业内成员共同使用。</li>
        </ol>

        <h2>二、价格与支付</h2>
        <ol>
          <li>服务价格以支付页面实时展示的金额为准，实付金额 = 套餐单价 × 数量 − 优惠券抵扣金额；我们不会以任何方式要求您向个人账户转账。</li>
          <li>支持微信支付与支付宝扫码支付。支付二维码在生成后 {minutes} 分钟内有效，超时请重新选择套餐生成新的订单。</li>
          <li>切换支付方式、更换优惠券或修改数量会重新生成订单，此前未支付的订单自动关闭，不会重复扣款。</li>
          <li>如出现支付成功但权益未到账的情况，请勿重复支付，保留支付凭证并联系客服，我们将在核实后一个工作日内处理。</li>
        </ol>

        <h2>三、优惠券</h2>
        <ol>
          <li>优惠券需满足最低消费金额方可使用，每笔订单限用一张，不可兑换现金、不可找零。</li>
          <li>优惠券在有效期内使用，过期自动失效；订单关闭后未实际使用的优惠券可再次使用。</li>
          <li>新人礼包、活动赠券等的领取条件以活动页面说明为准。</li>
        </ol>

        <h2>四、发票</h2>
        <p>您可以在支付完成后联系客服申请开具电子发票；企业对公转账及增值税专用发票请通过企业会员页面的「对公转账 / 开票」入口联系企业客服办理。</p>

        <h2>五、退款</h2>
        <ol>
          <li>会员与标书份数属于数字化在线服务，一经开通即可使用，除法律法规另有规定或本协议另有约定外，不支持退款。</li>
          <li>因系统故障导致重复扣款、或支付成功后权益未能开通的，我们将全额退还对应款项，原路退回。</li>
          <li>已使用部分权益（如已生成标书、已消耗份数）的订单，不予退还已使用部分的费用。</li>
        </ol>

        <h2>六、用户责任</h2>
        <p>请妥善保管您的账号与登录设备，通过您账号完成的购买视为您本人的行为。不得利用漏洞、作弊或其他不正当方式获取权益或优惠，否则我们有权撤销相关权益并追回损失。</p>

        <h2>七、协议变更与争议解决</h2>
        <p>我们可能根据业务调整更新本协议，更新后的协议将在本页面公布，自公布之日起生效；变更前已支付的订单仍适用支付时的协议。因本协议产生的争议，双方应友好协商解决；协商不成的，任一方可向{company}所在地有管辖权的人民法院提起诉讼。</p>

        <h2>八、联系我们</h2>
        <p>
          {branding.phone ? <>客服电话：{branding.phone}；</> : null}
          {branding.email ? <>邮箱：{branding.email}；</> : null}
          服务时间：工作日 9:00 – 18:00。
        </p>
      </div>
    </SitePage>
  );
}
