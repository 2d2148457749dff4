import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Text for screen readers only (part of an accessible name), invisible on screen. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        position: 'absolute',
        // '1px', not 1: MUI reads a bare 1 as 100%.
        width: '1px',
        height: '1px',
        p: 0,
        m: '-1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {children}
    </Box>
  );
}
