/**
 * MUI theme with the spec's breakpoints and light/dark/system colour schemes. MUI remembers the mode
 * in localStorage ('mui-mode'); until the page has mounted `mode` is undefined, so the UI reads as
 * light and the toggle stays disabled (part 1 §1).
 */
import { createTheme, ThemeProvider, useColorScheme } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import IconButton from '@mui/material/IconButton';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useEffect, useState, type ReactNode } from 'react';
import { BREAKPOINTS } from '@sajha/contract';

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: { primary: { main: '#b3261e' }, secondary: { main: '#1b5e9e' }, background: { default: '#f6f5f3' } },
    },
    dark: {
      palette: {
        primary: { main: '#f2897f' },
        secondary: { main: '#8ec5ff' },
        background: { default: '#121212', paper: '#1c1c1c' },
      },
    },
  },
  breakpoints: { values: { ...BREAKPOINTS } },
  shape: { borderRadius: 10 },
  typography: {
    // Installed Devanagari and emoji fonts first; the web fonts (app/fonts.css) only where none exist.
    fontFamily: [
      'system-ui',
      '-apple-system',
      '"Segoe UI"',
      'Roboto',
      '"Noto Sans"',
      '"Nirmala UI"',
      '"Kohinoor Devanagari"',
      '"Noto Sans Devanagari"',
      '"Apple Color Emoji"',
      '"Segoe UI Emoji"',
      '"Noto Color Emoji"',
      'sans-serif',
    ].join(', '),
    button: { textTransform: 'none', fontWeight: 600 },
  },
});

export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} defaultMode="light" modeStorageKey="sajha-color-mode">
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

/** True once the first client render is committed; before that the colour mode is not known. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export function ColorModeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const mounted = useMounted();
  const effective = mode === 'system' ? systemMode : mode;
  const isDark = mounted && effective === 'dark';
  const label = isDark ? 'Switch to light mode' : 'Switch to dark mode';
  // The browser's own tooltip (title): MUI's Tooltip would bring Popper into every page's first load.
  return (
    <IconButton
      aria-label={label}
      title={label}
      disabled={!mounted || !mode}
      onClick={() => setMode(isDark ? 'light' : 'dark')}
      color="inherit"
    >
      {isDark ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}
