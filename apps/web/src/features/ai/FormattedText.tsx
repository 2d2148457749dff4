/**
 * Renders the assistant's text with its formatting. Every piece of the model's text ends up as a React
 * text node: no HTML it writes (an <img onerror>, a <script>) ever becomes markup.
 */
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CodeBlock } from './CodeBlock';
import { parseBlocks, type Inline } from './formatting';

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'bold':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'italic':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'underline':
        return <u key={i}>{renderInline(node.children)}</u>;
      case 'code':
        return (
          <Box
            key={i}
            component="code"
            sx={{ fontFamily: 'monospace', fontSize: '0.9em', px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover' }}
          >
            {node.text}
          </Box>
        );
      case 'link':
        return node.internal ? (
          <Link key={i} component={RouterLink} to={node.href}>
            {node.text}
          </Link>
        ) : (
          <Link key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {node.text}
          </Link>
        );
    }
  });
}

/** `variant`: body2 in the assistant's bubbles; the help centre's articles read at body1. */
export function FormattedText({ text, variant = 'body2' }: { text: string; variant?: 'body1' | 'body2' }) {
  return (
    <>
      {parseBlocks(text).map((block, i) => {
        if (block.type === 'code') return <CodeBlock key={i} language={block.language} code={block.code} />;
        if (block.type === 'heading') {
          return (
            <Typography key={i} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: i ? 1.5 : 0, mb: 0.5 }}>
              {renderInline(block.children)}
            </Typography>
          );
        }
        if (block.type === 'list') {
          return (
            <Box
              key={i}
              component={block.ordered ? 'ol' : 'ul'}
              sx={{ my: 1, pl: 3, typography: variant, '& li + li': { mt: 0.5 } }}
            >
              {block.items.map((item, j) => (
                <li key={j}>{renderInline(item)}</li>
              ))}
            </Box>
          );
        }
        return (
          <Typography
            key={i}
            component="p"
            variant={variant}
            sx={{ m: 0, '& + p': { mt: 1 }, overflowWrap: 'anywhere' }}
          >
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {renderInline(line)}
              </Fragment>
            ))}
          </Typography>
        );
      })}
    </>
  );
}
