/** Spec §5 period label, as CONVENTIONS.md reads it: 3–9 「N天」, 30–93 「月」, ≥ 365 「年」, anything else 「N天」. */
export function periodLabel(validDay: number): string {
  if (validDay >= 3 && validDay <= 9) return `${validDay}天`;
  if (validDay >= 30 && validDay <= 93) return '月';
  if (validDay >= 365) return '年';
  return `${validDay}天`;
}

/** VIP images exist for 3, 30 and 365 days (spec §5); other periods use the nearest lower one. */
export function vipImageDays(validDay: number): 3 | 30 | 365 {
  if (validDay >= 365) return 365;
  if (validDay >= 30) return 30;
  return 3;
}
