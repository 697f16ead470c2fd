import { Result } from 'antd';

export default function AdminNotFound() {
  return <Result status="404" title="页面不存在" subTitle="运营后台没有这个页面" />;
}
