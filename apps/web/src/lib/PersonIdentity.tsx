/**
 * A member's avatar and name, both linking to their profile, with one line under the name: how every
 * person row starts (friends and followers, search results, follow requests). The row adds its buttons.
 */
import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function PersonIdentity({
  name,
  avatar,
  to,
  children,
}: {
  name: string;
  avatar: string | null;
  /** The profile's path. */
  to: string;
  /** The line under the name (username, mutual friends, when they asked...). */
  children: ReactNode;
}) {
  return (
    <>
      <Avatar
        src={avatar ?? undefined}
        alt={name}
        component={RouterLink}
        to={to}
        sx={{ width: 44, height: 44, textDecoration: 'none' }}
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link component={RouterLink} to={to} underline="hover" color="text.primary" sx={{ fontWeight: 600 }} noWrap>
          {name}
        </Link>
        <Typography variant="body2" color="text.secondary" noWrap>
          {children}
        </Typography>
      </Box>
    </>
  );
}
