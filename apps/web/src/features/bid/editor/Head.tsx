import type { JSX } from 'react';
import { Tag } from 'antd';

/** The editor's head line: title, 只读, 字数, the save status and its buttons. */
export function Head(props: {
  title: string;
  readOnly: boolean;
  chars?: number;
  target?: number;
  status?: JSX.Element | null;
  /** buttons at the end of the line (历史版本) */
  actions?: JSX.Element | null;
}) {
  return (
    <div className="sec-ed__head">
      <h2 className="sec-ed__title" title={props.title}>
        {props.title}
      </h2>
      {props.readOnly ? <Tag className="sec-ed__ro">只读</Tag> : null}
      <span className="sec-ed__spacer" />
      {props.chars !== undefined ? (
        <span className="sec-ed__chars">
          {props.chars} 字{props.target ? ` / 目标约 ${props.target} 字` : ''}
        </span>
      ) : null}
      {props.status}
      {props.actions}
    </div>
  );
}
