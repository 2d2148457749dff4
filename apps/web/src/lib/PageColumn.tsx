/**
 * The feed-width column that the home feed, search, a tag page and Explore are laid out in: centred,
 * as wide as a post (the spec's feed width) and never wider than the screen, with the page's padding
 * (smaller on phones). `aside` sits beside it on wide screens (the home feed's status card).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { LAYOUT } from '@sajha/contract';

export function PageColumn({ children, gap = 2, aside }: { children: ReactNode; gap?: number; aside?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', gap: 3, px: { xs: 1.5, sm: 3 }, py: { xs: 1.5, sm: 3 } }}>
      <Box
        sx={{
          width: '100%',
          minWidth: 0,
          maxWidth: LAYOUT.feedMaxWidth,
          display: 'flex',
          flexDirection: 'column',
          gap,
        }}
      >
        {children}
      </Box>
      {aside}
    </Box>
  );
}
