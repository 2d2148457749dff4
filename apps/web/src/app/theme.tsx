/**
 * MUI theme with the spec's breakpoints and light/dark/system colour schemes. MUI remembers the mode
 * in localStorage ('sajha-color-mode'); the toggle is lib/ColorModeToggle.tsx.
 */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import type { ReactNode } from 'react';
import { BREAKPOINTS } from '@sajha/contract';

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: { primary: { main: '#b3261e' }, secondary: { main: '#1b5e9e' }, background: { default: '#f6f5f3' } },
    },
    dark: {
      palette: {
        // Text on a filled colour (a contained error button, a success toast) takes whichever of white and
        // black reaches WCAG AA's 4.5:1; MUI's default threshold of 3 put white on dark mode's lighter red
        // (3.7:1) and green (4.1:1).
        contrastThreshold: 4.5,
        primary: { main: '#f2897f' },
        secondary: { main: '#8ec5ff' },
        background: { default: '#121212', paper: '#1c1c1c' },
      },
    },
  },
  breakpoints: { values: { ...BREAKPOINTS } },
  shape: { borderRadius: 10 },
  typography: {
    // Devanagari first: its face (app/fonts.css) covers only Devanagari's unicode-range and tries an
    // installed copy (local()) before its file, so Latin text still takes the system font. Listed after
    // system-ui it lost bold text to the system font's empty boxes (DejaVu Sans Bold on Linux drew
    // Nepali headings and buttons as tofu while regular text was right).
    fontFamily: [
      '"Noto Sans Devanagari"',
      'system-ui',
      '-apple-system',
      '"Segoe UI"',
      'Roboto',
      '"Noto Sans"',
      '"Nirmala UI"',
      '"Kohinoor Devanagari"',
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
