import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatYuan } from '@btz/shared';
import { toast } from '../../lib/feedback';
import { onRealtime } from '../../realtime';
import { refreshUserInfo } from '../../stores/user';

interface OrderRefundedMessage {
  orderId: string;
  orderNo: string;
  amount: number;
  title: string;
}

/**
 * The user told of a refund the operator made (realtime `order.refunded`, issue 28), wherever they are in the workbench:
 * a notice with the order and the amount, their copies / VIP re-read (the refund took the entitlement back) and the
 * 充值记录 list re-read (the order shows 已退款 with its time and amount).
 */
export function useRefundNotice(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRealtime('order.refunded', (msg) => {
        const d = msg.data as Partial<OrderRefundedMessage> | null;
        if (!d?.orderNo || typeof d.amount !== 'number') return;
        toast.info(`订单「${d.title ?? d.orderNo}」已退款 ${formatYuan(d.amount)}，将原路退回；该订单开通的权益已收回`);
        void refreshUserInfo();
        void queryClient.invalidateQueries({ queryKey: ['purchase', 'orders'] });
      }),
    [queryClient],
  );
}
