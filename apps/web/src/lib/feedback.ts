import type { ModalFuncProps } from 'antd';

/** Loads antd's themed static feedback functions on first use (see antdStatic.tsx). */
const load = () => import('./antdStatic');

type Level = 'success' | 'error' | 'warning' | 'info';
const show = (level: Level) => (content: string, seconds?: number) => {
  void load().then(({ message }) => message[level](content, seconds));
};

/** Toasts for code outside React (the request client, the user store) and inside it alike. */
export const toast = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
};

export type ModalKind = 'confirm' | 'info' | 'success' | 'error' | 'warning';

/** Opens an antd static dialog; resolves once it is on screen with its `destroy`/`update` handle. */
export async function openModal(kind: ModalKind, props: ModalFuncProps) {
  const { Modal } = await load();
  return Modal[kind](props);
}
