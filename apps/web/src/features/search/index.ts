/**
 * What other areas use of search and discovery: members' text with its links (posts, comments,
 * clips), the header's search box (the shell), the Trending card (the home page's side column) and
 * "Search in this chat" (the chat screen). Nothing here may import another area that shows posts:
 * posts import this file. The pages (/search, /tag/{name}, /explore) are loaded by the router.
 */
export { RichText } from './linkify';
export { HeaderSearch } from './HeaderSearch';
export { TrendingCard } from './TrendingCard';
export { ChatSearchDialog } from './ChatSearchDialog';
