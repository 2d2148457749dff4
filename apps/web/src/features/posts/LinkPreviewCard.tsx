/** The preview of a post's first https link; an empty preview shows just the url. */
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import type { LinkMeta } from '@sajha/contract';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export function LinkPreviewCard({ meta }: { meta: LinkMeta }) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 2 }} data-testid="link-preview">
      <CardActionArea
        component="a"
        href={meta.url}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        {meta.image ? (
          <Box
            component="img"
            src={meta.image}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
            sx={{ width: 112, minHeight: 88, objectFit: 'cover', flexShrink: 0, bgcolor: 'action.hover' }}
          />
        ) : (
          <Box sx={{ width: 64, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', flexShrink: 0 }}>
            <LinkOutlined color="action" />
          </Box>
        )}
        <Box sx={{ p: 1.5, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {hostOf(meta.url)}
          </Typography>
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }} noWrap>
            {meta.title || meta.url}
          </Typography>
          {meta.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 2, overflow: 'hidden' }}
            >
              {meta.description}
            </Typography>
          )}
        </Box>
      </CardActionArea>
    </Paper>
  );
}
