import type { ReactNode } from 'react';
import { TEXT, isValidEmail } from '@btz/shared';
import { openModal } from './feedback';
import { EmailPromptBody, type EmailPromptModel } from '../components/EmailPromptBody';

export interface ConfirmOptions {
  title?: string;
  okText?: string;
  cancelText?: string;
  danger?: boolean;
}

/** Spec §8 dialog style: title 「系统提示」, buttons 确定 / 取消. Resolves true on 确定. */
export function confirmDialog(content: ReactNode, opts: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    void openModal('confirm', {
      title: opts.title ?? TEXT.systemNotice,
      content,
      okText: opts.okText ?? TEXT.confirm,
      cancelText: opts.cancelText ?? TEXT.cancel,
      okButtonProps: opts.danger ? { danger: true } : undefined,
      centered: true,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * Spec §5 prompt helper: asks for an e-mail address, validates it against the e-mail pattern and shows 「邮箱格式不正确」
 * under the field until it is valid. Resolves the address, or null when cancelled.
 */
export function promptEmail(opts: { title?: string; label?: string; initial?: string } = {}): Promise<string | null> {
  const model: EmailPromptModel = { value: opts.initial ?? '', error: '', listeners: new Set() };
  const notify = () => model.listeners.forEach((l) => l());
  return new Promise((resolve) => {
    void openModal('confirm', {
      title: opts.title ?? TEXT.systemNotice,
      icon: null,
      content: <EmailPromptBody model={model} label={opts.label ?? '请输入邮箱地址'} />,
      okText: TEXT.confirm,
      cancelText: TEXT.cancel,
      centered: true,
      // taking `close` keeps the dialog open until we call it
      onOk: (close: () => void) => {
        const value = model.value.trim();
        if (!isValidEmail(value)) {
          model.error = TEXT.invalidEmail;
          notify();
          return;
        }
        close();
        resolve(value);
      },
      onCancel: () => resolve(null),
    });
  });
}
