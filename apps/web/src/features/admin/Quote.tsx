/** A member's own words on a staff screen (an appeal, a reason to join, a reported text): quoted as written. */
import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

const QUOTED = {
  m: 0,
  pl: 1.5,
  borderLeft: 3,
  borderColor: 'divider',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

export function Quote({ children, sx = [] }: { children: ReactNode; sx?: SxProps<Theme> }) {
  // MUI's way to add a caller's sx to a component's own: a list, later entries winning.
  const extra = (Array.isArray(sx) ? sx : [sx]) as readonly SxProps<Theme>[];
  return (
    <Typography component="blockquote" sx={[QUOTED, ...extra] as SxProps<Theme>}>
      {children}
    </Typography>
  );
}
