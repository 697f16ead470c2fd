import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { type BidDetail } from '../api';
import { FilesPanel } from '../FilesPanel';

export function ParseFailed({ bid, onRetry, retrying }: { bid: BidDetail; onRetry: () => void; retrying: boolean }) {
  const navigate = useNavigate();
  return (
    <div className="wb-card bid-failed" data-testid="parse-failed">
      <Result
        status="error"
        title="招标文件解析失败"
        subTitle={bid.parse.error || '解析时出现问题，请重新解析；如仍失败，请换一个文件格式（如 PDF 转 Word）后重新上传。'}
        extra={[
          <Button key="retry" type="primary" loading={retrying} onClick={onRetry}>
            重新解析
          </Button>,
          <Button key="new" onClick={() => navigate('/workbench/document')}>
            重新上传
          </Button>,
        ]}
      />
      <div className="bid-failed__files">
        <div className="bid-muted bid-small">已上传的文件仍保留在这里：</div>
        <FilesPanel bidId={bid.id} files={bid.files} readOnly />
      </div>
    </div>
  );
}
