// The appearance switch in the top bar: follow the system, or always light, or always dark (issue 14).
// A native select: keyboard and screen readers know it, and it costs the staff pages no menu code.
import { BgColorsOutlined } from '@ant-design/icons';
import { type ColorPreference, parsePreference, setColorPreference, useColorMode } from '../color-mode';
import './color-mode-menu.css';

/** The choices, in the order both the bar's select and the phone's account menu show them. */
export const COLOR_CHOICES: { value: ColorPreference; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function ColorModeMenu() {
  const { preference } = useColorMode();
  return (
    <label className="color-mode-select" title="Appearance">
      <BgColorsOutlined aria-hidden />
      <span className="visually-hidden">Appearance</span>
      <select value={preference} onChange={(e) => setColorPreference(parsePreference(e.target.value))}>
        {COLOR_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
