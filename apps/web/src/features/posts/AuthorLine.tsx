/**
 * A post's author line: avatar, name, @username and how long ago. Its own module, light on purpose: a
 * visitor's shared-post page (PublicPostPage) shows it without the feed card's menus, dialogs and pickers.
 * `children` follow the time (a signed-in view adds "edited" and the audience: PostCard's PostAuthor).
 */
import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PostDto } from '@sajha/contract';
import { useTimeAgo } from './postsApi';

export function AuthorLine({
  post,
  children,
}: {
  post: Pick<PostDto, 'author' | 'username' | 'image' | 'timestamp'>;
  children?: ReactNode;
}) {
  const profile = `/u/@${post.username}`;
  const timeAgo = useTimeAgo();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Avatar
        src={post.image ?? undefined}
        alt={post.author}
        component={RouterLink}
        to={profile}
        sx={{ textDecoration: 'none' }}
      >
        {post.author.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={profile} underline="hover" color="text.primary" sx={{ fontWeight: 700 }}>
          {post.author}
        </Link>
        {/* The username gives way (ellipsis) on a narrow screen; the time, "edited" and the audience stay. */}
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ display: 'flex', alignItems: 'baseline', whiteSpace: 'nowrap', minWidth: 0 }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
            {`@${post.username}`}
          </Box>
          <Box component="span" sx={{ flexShrink: 0 }}>
            {/* A flex item drops its leading space: a no-break one keeps the gap after the username. */}
            {'\u00a0· '}
            <time dateTime={post.timestamp}>{timeAgo(post.timestamp)}</time>
            {children}
          </Box>
        </Typography>
      </Box>
    </Box>
  );
}
