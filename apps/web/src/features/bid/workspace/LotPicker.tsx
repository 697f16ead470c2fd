import { useState } from 'react';
import { Alert, Button, Radio } from 'antd';
import { selectLot, type BidDetail } from '../api';
import { errorText } from '../hooks';

export function LotPicker({ bid, onPicked }: { bid: BidDetail; onPicked: () => void }) {
  const [lot, setLot] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!lot) return;
    setBusy(true);
    setError(null);
    try {
      await selectLot(bid.id, lot);
      onPicked();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="wb-card bid-lots" data-testid="lot-picker">
      <h3>该招标文件包含 {bid.lots.length} 个标段，请选择本标书响应的标段</h3>
      <p className="bid-muted">选定后，招标要点与目录只保留该标段的内容，其他标段的信息会被排除。</p>
      <Radio.Group value={lot} onChange={(e) => setLot(e.target.value as string)} className="bid-lots__group">
        {bid.lots.map((l) => (
          <Radio key={l.id} value={l.id} className="bid-lots__item">
            {l.name}
          </Radio>
        ))}
      </Radio.Group>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Button type="primary" disabled={!lot} loading={busy} onClick={() => void submit()}>
        确定标段
      </Button>
    </div>
  );
}
