/**
 * The shared post as plain HTML, painted before any script runs: a visitor on a slow phone reads the post
 * and sees its photo as soon as the page and the photo arrive, instead of after the app's scripts (seconds
 * on 3G; Lighthouse measured the photo ready at 0.9 s and painted at 6.5 s). It is laid out like the app's
 * PublicPostPage (header, then the photo above the words on a phone, beside them on a wide screen), and the
 * app hides it as soon as it renders (index.html: `#root:not(:empty) ~ #prepaint`). Its links work without
 * scripts too.
 */
import type { SharedPostPreview } from '@sajha/contract';
import { escapeHtml } from '../../platform/html.js';

const STYLE = `
#root:not(:empty)~#prepaint,#prepaint~#app-shell{display:none}
body{margin:0}
#prepaint{min-height:100dvh;background:#f6f5f3;color:rgba(0,0,0,.87);font-family:Roboto,"Noto Sans Devanagari",system-ui,sans-serif;line-height:1.5}
#prepaint header{display:flex;align-items:center;padding:12px 24px;border-bottom:1px solid rgba(0,0,0,.12)}
#prepaint header>a:first-child{flex:1;color:#b3261e;font-size:1.25rem;font-weight:800;text-decoration:none}
#prepaint .signin{background:#b3261e;color:#fff;border-radius:16px;padding:4px 10px;font-size:.8125rem;font-weight:600;text-decoration:none}
#prepaint main{display:flex;justify-content:center;padding:12px}
#prepaint article{width:100%;max-width:620px;background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:12px;overflow:hidden;display:flex;flex-direction:column;align-self:flex-start}
#prepaint article.media{max-width:1100px}
#prepaint figure{margin:0;background:rgba(0,0,0,.04);overflow:hidden;border-radius:8px}
#prepaint figure img{display:block;width:100%;height:auto;max-height:720px;object-fit:contain}
#prepaint figure.veiled img{filter:blur(40px);transform:scale(1.1)}
#prepaint .words{padding:16px;display:flex;flex-direction:column;gap:12px;min-width:0}
#prepaint .author{display:flex;align-items:center;gap:10px;color:inherit;text-decoration:none;font-weight:700}
#prepaint .author span{display:grid;place-items:center;width:40px;height:40px;border-radius:50%;background:#bdbdbd;color:#fff;font-weight:400}
#prepaint p{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
@media (min-width:900px){#prepaint main{padding:24px}#prepaint article{flex-direction:row}#prepaint figure{flex:1 1 58%;padding:8px}#prepaint .words{flex:1 1 42%}}
@media (prefers-color-scheme:dark){#prepaint{background:#121212;color:#fff}#prepaint article{background:#1e1e1e;border-color:rgba(255,255,255,.12)}#prepaint header{border-color:rgba(255,255,255,.12)}#prepaint header>a:first-child{color:#f2897f}}
`
  .trim()
  .replace(/\n/g, '');

export function sharedPostPrepaint(post: SharedPostPreview, texts: { appName: string; signIn: string }): string {
  const first = post.mediaDetails[0];
  const picture = first && (first.kind === 'image' ? first.url : first.poster);
  const next = encodeURIComponent(`/view/${post.post_id}`);
  const size = first?.width && first.height ? ` width="${first.width}" height="${first.height}"` : '';
  const figure = picture
    ? `<figure${post.sensitive ? ' class="veiled"' : ''}><img src="${escapeHtml(picture)}" alt=""${size} fetchpriority="high" /></figure>`
    : '';
  const profile = `/u/@${encodeURIComponent(post.username)}`;
  return [
    `<div id="prepaint"><style>${STYLE}</style>`,
    `<header><a href="/">${escapeHtml(texts.appName)}</a><a class="signin" href="/signin?next=${next}">${escapeHtml(texts.signIn)}</a></header>`,
    `<main><article class="${picture ? 'media' : ''}">${figure}<div class="words">`,
    `<a class="author" href="${profile}"><span aria-hidden="true">${escapeHtml(post.author.slice(0, 1).toUpperCase())}</span>${escapeHtml(post.author)}</a>`,
    `<p>${escapeHtml(post.content)}</p>`,
    `</div></article></main></div>`,
  ].join('');
}
