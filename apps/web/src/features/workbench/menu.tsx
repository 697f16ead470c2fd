import type { ReactNode } from 'react';
import {
  BookOutlined,
  CarryOutOutlined,
  DatabaseOutlined,
  FileAddOutlined,
  FileTextOutlined,
  GiftOutlined,
  PictureOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { WORKBENCH_MENU, normalizePath, profileIndex } from '@btz/shared';

const ICONS: Record<string, ReactNode> = {
  '/workbench/historyBook': <FileTextOutlined />,
  '/workbench/myTasks': <CarryOutOutlined />,
  '/workbench/document': <FileAddOutlined />,
  '/workbench/DataBank': <DatabaseOutlined />,
  '/workbench/PictureLibrary': <PictureOutlined />,
  '/workbench/repository': <BookOutlined />,
  '/workbench/BiddingTool': <ToolOutlined />,
  '/workbench/welfareCenter': <GiftOutlined />,
  '/workbench/team': <TeamOutlined />,
  '/workbench/profile': <UserOutlined />,
};

/** Sub-screens light up the menu entry they belong to. */
const SECTION_OF: [RegExp, string][] = [
  [/^\/workbench\/data\//, '/workbench/DataBank'],
  [/^\/workbench\/picture\//, '/workbench/PictureLibrary'],
  [/^\/workbench\/repositorys\//, '/workbench/repository'],
  [/^\/workbench\/tools\//, '/workbench/BiddingTool'],
  [/^\/workbench\/welfareCenter\//, '/workbench/welfareCenter'],
  // an open bid (its workspace) is one of 我的标书; 新建标书 is the upload page itself
  [/^\/workbench\/document\/BidingDocument$/, '/workbench/historyBook'],
  [/^\/workbench\/document\//, '/workbench/document'],
  [/^\/workbench\/user\//, '/workbench/profile'],
];

export function selectedMenuKey(pathname: string): string {
  const p = normalizePath(pathname);
  if (WORKBENCH_MENU.some((m) => m.path === p)) return p;
  return SECTION_OF.find(([re]) => re.test(p))?.[1] ?? '';
}

/** The profile route takes `?index=3` for VIP users, 2 otherwise (spec §2). */
export function menuHref(path: string, user: { isVip?: number } | null): string {
  return path === '/workbench/profile' ? `${path}?index=${profileIndex(user)}` : path;
}

export const menuItems = () =>
  WORKBENCH_MENU.map((m) => ({ key: m.path, icon: ICONS[m.path], label: m.title }));
