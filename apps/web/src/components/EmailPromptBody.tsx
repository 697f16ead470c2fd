import { useEffect, useReducer } from 'react';
import { Input } from 'antd';

export interface EmailPromptModel {
  value: string;
  error: string;
  listeners: Set<() => void>;
}

/** The field of the e-mail prompt dialog; state lives in the model so the dialog's 确定 handler can read it. */
export function EmailPromptBody({ model, label }: { model: EmailPromptModel; label: string }) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    model.listeners.add(rerender);
    return () => {
      model.listeners.delete(rerender);
    };
  }, [model]);
  return (
    <div style={{ marginTop: 12 }}>
      <div style={{ marginBottom: 8, color: 'rgba(0,0,0,0.65)' }}>{label}</div>
      <Input
        autoFocus
        type="email"
        placeholder="name@example.com"
        defaultValue={model.value}
        status={model.error ? 'error' : undefined}
        onChange={(e) => {
          model.value = e.target.value;
          if (model.error) {
            model.error = '';
            rerender();
          }
        }}
      />
      <div role="alert" style={{ minHeight: 22, color: '#ff4d4f', fontSize: 13, marginTop: 4 }}>
        {model.error}
      </div>
    </div>
  );
}
