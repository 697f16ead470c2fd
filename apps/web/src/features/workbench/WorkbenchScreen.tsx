import type { ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { WORKBENCH_ROUTES, normalizePath } from '@btz/shared';

export interface ScreenAction {
  label: string;
  to: string;
}

/**
 * A workbench screen that is not built yet: its title (WORKBENCH_ROUTES), what it will do, and the button to the next
 * useful place — an honest empty state, never fake data.
 */
export function WorkbenchScreen({
  purpose,
  detail,
  action,
  secondary,
  icon,
}: {
  purpose: string;
  detail: string;
  action: ScreenAction;
  secondary?: ScreenAction;
  icon?: ReactNode;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = WORKBENCH_ROUTES[normalizePath(pathname)] ?? '工作台';
  return (
    <div className="wb-screen">
      <h1 className="wb-screen__title">{title}</h1>
      <div className="wb-card wb-empty">
        <Empty
          image={icon ?? Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <div className="wb-empty__desc">
              <h3>{purpose}</h3>
              <p>{detail}</p>
            </div>
          }
        >
          <Button type="primary" onClick={() => navigate(action.to)}>
            {action.label}
          </Button>
          {secondary ? (
            <Button style={{ marginLeft: 12 }} onClick={() => navigate(secondary.to)}>
              {secondary.label}
            </Button>
          ) : null}
        </Empty>
      </div>
    </div>
  );
}
