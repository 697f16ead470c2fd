import { ToolWorkspace, type ToolChoice } from './ToolWorkspace';

const CLEAN: ToolChoice = {
  tool: 'clean',
  accept: '.docx,.pdf,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  nameOk: /\.(docx|pdf)$/i,
  text: '点击或将 Word（DOCX）/ PDF 文件拖到这里',
  hint: '单个文件不超过 50 MB；清除后生成新文件，原文件不变',
  wrongType: '元数据清除仅支持 DOCX 或 PDF 文件',
};

/** /workbench/tools/MetadataClearing: a DOCX or PDF in, the same file without its metadata out (a job), and the history. */
export function MetadataClearingPage() {
  return (
    <ToolWorkspace
      title="元数据清除"
      tools={['clean']}
      choice={CLEAN}
      intro={
        <>
          评标系统会比对投标文件的隐藏信息，不同投标人的文件若作者、单位、修订标识相同，可能被认定为关联投标。清除内容：
          <ul>
            <li>Word：文档属性（作者、最后修改者、时间、公司、模板等）、自定义属性、修订标识（RSID）与文档 ID、批注及其作者、修订记录作者、文档变量、隐藏文字、模板路径、缩略图</li>
            <li>PDF：文档信息（作者、创建工具、时间等）、XMP 元数据、文档 ID</li>
          </ul>
        </>
      }
    />
  );
}
