import { useState } from 'react';
import { Button, InputNumber, Modal, Radio } from 'antd';
import { ColumnHeightOutlined } from '@ant-design/icons';
import { DEFAULT_CHARS_PER_PAGE, MIN_SECTION_CHARS, totalTarget, withTotalTarget, writtenLeaves } from '@btz/shared';
import { local, STORAGE_KEYS } from '../../lib/storage';
import type { OutlineEditor } from './hooks';

/** The characters of a printed page the user stated (kept in the browser), else the default. */
export function charsPerPage(): number {
  const n = Number(local.get(STORAGE_KEYS.charsPerPage));
  return Number.isInteger(n) && n >= 200 && n <= 3000 ? n : DEFAULT_CHARS_PER_PAGE;
}

/** 「约 12,000 字（约 15 页）」 */
export function lengthText(chars: number, perPage = charsPerPage()): string {
  return `约 ${chars.toLocaleString()} 字（约 ${Math.max(1, Math.round(chars / perPage))} 页）`;
}

/**
 * 篇幅 (issue 24 item 4): the whole bid's target — the written sections' targets added up — shown under the outline's bar
 * and set in characters or in pages at a stated characters-per-page; the sections keep their shares of it. Each section's
 * own target is edited in its detail (NodeDetail); both are what the writer (offline or the model) is asked for.
 */
export function OutlineLength({ editor, readOnly }: { editor: OutlineEditor; readOnly: boolean }) {
  const leaves = writtenLeaves(editor.nodes);
  const total = totalTarget(editor.nodes);
  const [open, setOpen] = useState(false);
  const [unit, setUnit] = useState<'chars' | 'pages'>('chars');
  const [perPage, setPerPage] = useState(charsPerPage);
  const [value, setValue] = useState<number | null>(null);
  if (!leaves.length) return null;

  const start = () => {
    setPerPage(charsPerPage());
    setUnit('chars');
    setValue(total || leaves.length * 3000);
    setOpen(true);
  };
  const chars = value === null ? 0 : unit === 'pages' ? Math.round(value * perPage) : value;
  const min = leaves.length * MIN_SECTION_CHARS;

  return (
    <div className="bid-tree__length" data-testid="outline-length">
      <span className="bid-muted bid-small">
        正文目标：{total ? lengthText(total) : '未设置'} · {leaves.length} 个撰写章节
      </span>
      {!readOnly ? (
        <Button size="small" type="link" icon={<ColumnHeightOutlined />} onClick={start}>
          设置篇幅
        </Button>
      ) : null}
      <Modal
        open={open}
        title="设置全文篇幅"
        okText="应用"
        cancelText="取消"
        okButtonProps={{ disabled: chars < min }}
        onCancel={() => setOpen(false)}
        onOk={() => {
          local.set(STORAGE_KEYS.charsPerPage, String(perPage));
          editor.apply({ ok: true, nodes: withTotalTarget(editor.nodes, chars) });
          setOpen(false);
        }}
        destroyOnHidden
      >
        <p className="bid-muted">按各章节现有比例分配到 {leaves.length} 个撰写章节；投标函、报价表等表单和响应表按招标格式填写，不计入篇幅。</p>
        <div className="bid-length-form">
          <label>
            全文目标
            <InputNumber<number>
              min={1}
              max={unit === 'pages' ? 2000 : 2_000_000}
              value={value}
              onChange={(v) => setValue(typeof v === 'number' ? v : null)}
              aria-label="全文目标"
              style={{ width: 160 }}
            />
          </label>
          <Radio.Group
            value={unit}
            onChange={(e) => {
              const next = e.target.value as 'chars' | 'pages';
              if (value !== null && next !== unit) setValue(next === 'pages' ? Math.max(1, Math.round(value / perPage)) : Math.round(value * perPage));
              setUnit(next);
            }}
            options={[
              { value: 'chars', label: '字' },
              { value: 'pages', label: '页' },
            ]}
            optionType="button"
            size="small"
          />
          <label>
            每页约
            <InputNumber<number>
              min={200}
              max={3000}
              step={50}
              value={perPage}
              onChange={(v) => setPerPage(typeof v === 'number' ? v : DEFAULT_CHARS_PER_PAGE)}
              aria-label="每页字数"
              style={{ width: 100 }}
            />
            字
          </label>
        </div>
        <p className="bid-small" data-testid="length-preview">
          {chars >= min ? `合计${lengthText(chars, perPage)}，平均每章约 ${Math.round(chars / leaves.length).toLocaleString()} 字` : `至少 ${min.toLocaleString()} 字（每章不少于 ${MIN_SECTION_CHARS} 字）`}
        </p>
      </Modal>
    </div>
  );
}
