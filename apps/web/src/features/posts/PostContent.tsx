/** Post text that collapses after 15 lines (4 with media) with "Show more..." / "Show less". */
import { useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LIMITS } from '@sajha/contract';
import { useMessages } from '../../i18n/language';

/** Links @handles to /u/@handle and URLs to new tabs; the rest stays plain text. */
function richText(text: string) {
  const parts = text.split(/(https?:\/\/[^\s<>"']+|@[A-Za-z0-9_.]{1,30})/g);
  return parts.map((part, i) => {
    if (i % 2 === 0) return part;
    if (part.startsWith('@'))
      return (
        <Link key={i} component={RouterLink} to={`/u/@${part.slice(1).replace(/\.+$/, '')}`}>
          {part}
        </Link>
      );
    return (
      <Link key={i} href={part} target="_blank" rel="noopener noreferrer nofollow ugc" sx={{ wordBreak: 'break-all' }}>
        {part}
      </Link>
    );
  });
}

export function PostContent({ content, hasMedia }: { content: string; hasMedia: boolean }) {
  const m = useMessages();
  const lines = hasMedia ? LIMITS.postCollapseLinesWithMedia : LIMITS.postCollapseLines;
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const ref = useRef<HTMLParagraphElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !expanded) setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [content, expanded, lines]);

  return (
    <Box>
      <Typography
        ref={ref}
        variant="body1"
        data-testid="post-content"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          ...(!expanded && {
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: lines,
            overflow: 'hidden',
          }),
        }}
      >
        {richText(content)}
      </Typography>
      {(overflows || expanded) && (
        <Link component="button" type="button" variant="body2" onClick={() => setExpanded((e) => !e)} sx={{ mt: 0.5 }}>
          {expanded ? m.Messages.post.showLess : m.Messages.post.showMore}
        </Link>
      )}
    </Box>
  );
}
