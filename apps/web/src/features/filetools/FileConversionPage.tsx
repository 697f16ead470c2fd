import { useState } from 'react';
import { Segmented } from 'antd';
import type { FileToolName } from '@btz/shared';
import { ToolWorkspace, type ToolChoice } from './ToolWorkspace';

const IMAGES = '.png,.jpg,.jpeg,.gif,.webp,.bmp,image/png,image/jpeg,image/gif,image/webp,image/bmp';

const CHOICES: (ToolChoice & { label: string })[] = [
  { tool: 'docx-pdf', label: 'Word 转 PDF', accept: '.docx', nameOk: /\.docx$/i, text: '点击或将 Word（DOCX）文件拖到这里', hint: '由 LibreOffice 转换，版式与 Word 基本一致；单个文件不超过 50 MB', wrongType: '请上传 DOCX 文件（Word 2007 及以上格式）' },
  { tool: 'pdf-docx', label: 'PDF 转 Word', accept: '.pdf,application/pdf', nameOk: /\.pdf$/i, text: '点击或将 PDF 文件拖到这里', hint: '提取 PDF 中的文字按页生成 Word，不保留图片和复杂版式；扫描件无法转换', wrongType: '请上传 PDF 文件' },
  { tool: 'doc-docx', label: 'DOC 转 DOCX', accept: '.doc,application/msword', nameOk: /\.doc$/i, text: '点击或将 Word 97-2003（DOC）文件拖到这里', hint: '转换为 Word 2007 及以上格式（DOCX）', wrongType: '请上传 DOC 文件（Word 97-2003 格式）' },
  { tool: 'images-pdf', label: '图片转 PDF', accept: IMAGES, nameOk: /\.(png|jpe?g|gif|webp|bmp)$/i, multiple: true, text: '点击或将图片拖到这里（可多选，最多 30 张）', hint: '每张图片一页 A4，按选择顺序排列；支持 PNG、JPEG、GIF、WebP、BMP', wrongType: '请上传图片（PNG、JPEG、GIF、WebP、BMP）' },
  { tool: 'pdf-images', label: 'PDF 转图片', accept: '.pdf,application/pdf', nameOk: /\.pdf$/i, text: '点击或将 PDF 文件拖到这里', hint: '每页生成一张 PNG 图片，可逐张或打包下载；最多 300 页', wrongType: '请上传 PDF 文件' },
];

const TOOLS: FileToolName[] = CHOICES.map((c) => c.tool);

/** /workbench/tools/FileConversion: pick a conversion, drop the file(s), download the result (a job), and the history. */
export function FileConversionPage() {
  const [tool, setTool] = useState<FileToolName>('docx-pdf');
  const choice = CHOICES.find((c) => c.tool === tool)!;
  return (
    <ToolWorkspace
      title="文件转换"
      tools={TOOLS}
      choice={choice}
      intro="在 Word、PDF 和图片之间转换投标文件。转换在后台进行，完成后可直接下载，处理记录中可随时找回。"
      picker={
        <Segmented
          className="ft-picker"
          data-testid="ft-picker"
          value={tool}
          onChange={(v) => setTool(v as FileToolName)}
          options={CHOICES.map((c) => ({ label: c.label, value: c.tool }))}
        />
      }
    />
  );
}
