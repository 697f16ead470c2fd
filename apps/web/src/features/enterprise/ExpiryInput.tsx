import { Checkbox, DatePicker } from 'antd';
import dayjs from 'dayjs';
import { EXPIRY_PERMANENT, isCalendarDay } from '@btz/shared';

/** A qualification's expiry as the server stores it: 'YYYY-MM-DD', 「长期有效」 or ''. */
export function ExpiryInput({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const permanent = value === EXPIRY_PERMANENT;
  const date = value && isCalendarDay(value) ? dayjs(value) : null;
  return (
    <div className="ent-expiry">
      <DatePicker
        id={id}
        value={date}
        disabled={permanent}
        placeholder={permanent ? EXPIRY_PERMANENT : '有效期至'}
        format="YYYY-MM-DD"
        onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : '')}
        // Enter confirms the typed date; it must not also submit (save) the whole form
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Checkbox checked={permanent} onChange={(e) => onChange?.(e.target.checked ? EXPIRY_PERMANENT : '')}>
        {EXPIRY_PERMANENT}
      </Checkbox>
    </div>
  );
}
