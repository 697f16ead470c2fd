import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { FileList } from './FileList';
import './repository.css';

/** /workbench/repositorys/BidDocuments: every past bid of the owner — state, passages, retry, delete. */
export function FilesPage() {
  const navigate = useNavigate();
  return (
    <div className="wb-screen repo-files-page">
      <div className="repo-head">
        <h1 className="wb-screen__title">历史标书</h1>
        <div className="repo-head__actions">
          <Button onClick={() => navigate('/workbench/repository')}>返回知识库</Button>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => navigate('/workbench/repositorys/upload')}>
            上传历史标书
          </Button>
        </div>
      </div>
      <div className="repo-card">
        <FileList />
      </div>
    </div>
  );
}
