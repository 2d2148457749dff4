/**
 * Post text that collapses after 15 lines (4 with media) with "Show more..." / "Show less"; web
 * addresses, #hashtags and @mentions in it are links.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@sajha/contract';
import { useMessages } from '../../i18n/language';
import { RichText } from '../search';

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
        <RichText text={content} />
      </Typography>
      {(overflows || expanded) && (
        <Link component="button" type="button" variant="body2" onClick={() => setExpanded((e) => !e)} sx={{ mt: 0.5 }}>
          {expanded ? m.Messages.post.showLess : m.Messages.post.showMore}
        </Link>
      )}
    </Box>
  );
}
