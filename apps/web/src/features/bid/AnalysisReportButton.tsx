import { useState } from 'react';
import { Button, Dropdown, Tooltip } from 'antd';
import { DownOutlined, FileExcelOutlined, FileSearchOutlined, FileWordOutlined } from '@ant-design/icons';
import { REPORT_TEXTS, type ReportFormat } from '@btz/shared';
import { toast } from '../../lib/feedback';
import { downloadAnalysisReport } from './api';

/**
 * 「招标分析报告」: the report a user reads before deciding to bid (facts, dates, qualification checklist against the
 * enterprise facts, scoring, ★/▲/废标, composition) as Word or Excel. Disabled, with the reason, while there is no card.
 */
export function AnalysisReportButton({ bidId, projectName, disabledReason }: { bidId: string; projectName: string; disabledReason?: string | null }) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      await downloadAnalysisReport(bidId, format, projectName);
      toast.success(REPORT_TEXTS.exported(REPORT_TEXTS.fileName(projectName, format)));
    } catch {
      // the request client or the download helper has already shown why
    } finally {
      setBusy(null);
    }
  };
  const button = (
    <Button size="small" icon={<FileSearchOutlined />} loading={!!busy} disabled={!!disabledReason} data-testid="analysis-report">
      {REPORT_TEXTS.title} <DownOutlined />
    </Button>
  );
  if (disabledReason) return <Tooltip title={disabledReason}>{button}</Tooltip>;
  return (
    <Dropdown
      trigger={['click']}
      disabled={!!busy}
      menu={{
        items: [
          { key: 'docx', icon: <FileWordOutlined />, label: REPORT_TEXTS.word },
          { key: 'xlsx', icon: <FileExcelOutlined />, label: REPORT_TEXTS.excel },
        ],
        onClick: ({ key }) => void download(key as ReportFormat),
      }}
    >
      {button}
    </Dropdown>
  );
}
