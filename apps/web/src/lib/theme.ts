import type { ThemeConfig } from 'antd';

/** DESIGN.md: the system Chinese font stack. */
export const FONT_FAMILY = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

/** One antd theme per brand: the tenant's primary colour. */
export function themeFor(primaryColor: string | undefined): ThemeConfig {
  return {
    token: {
      colorPrimary: primaryColor || '#1f5eff',
      fontFamily: FONT_FAMILY,
      borderRadius: 8,
    },
  };
}
