// The colours and type size of recharts charts, from the antd theme, so charts follow light and dark mode.
// Only chart files import this, and they load lazily: it costs the staff pages nothing.
import { theme } from 'antd';

export function useChartColours() {
  const { token } = theme.useToken();
  return {
    primary: token.colorPrimary,
    warning: token.colorWarning,
    success: token.colorSuccess,
    grid: token.colorBorderSecondary,
    text: token.colorTextSecondary,
    fontSize: token.fontSizeSM,
  };
}
