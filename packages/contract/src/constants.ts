/** Business constants and limits from the spec (part 1 §9, part 2 §9). One copy for server, web and tests. */

export const APP_NAME = 'Sajha';

export const POST_CATEGORIES = ['travel', 'food', 'entertainment', 'tech', 'sports', 'spiritual', 'lifestyle'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];
export const FEED_CATEGORIES = ['all', ...POST_CATEGORIES] as const;
export type FeedCategory = (typeof FEED_CATEGORIES)[number];

export const NOTIFICATION_TYPES = [
  'critical',
  'security',
  'like',
  'comment',
  'share',
  'login',
  'mention',
  'system',
  'follow',
  'message',
] as const;

export const SOCIAL_PLATFORMS = [
  'facebook',
  'instagram',
  'twitter',
  'linkedin',
  'github',
  'youtube',
  'snapchat',
  'tiktok',
  'website',
] as const;

export const SETTINGS_TABS = ['account', 'personal', 'social', 'security', 'notifications', 'safety'] as const;

export const LIMITS = {
  postContentMax: 500,
  passwordMin: 6,
  settingsPasswordMin: 8,
  linkDescriptionMax: 300,
  chatAttachmentsMax: 10,
  /** A reply's quote of the message it answers: its first line, cut to this many characters. */
  replyQuoteChars: 120,
  /** Chats one message may be forwarded into at once (as the messengers our members know limit it). */
  forwardChatsMax: 5,
  /** A member may edit their own message for this long after sending it (issue 37). */
  messageEditHours: 24,
  chatAttachmentBytesMax: 2 * 1024 * 1024,
  searchMinChars: 3,
  groupMinMembers: 2,
  reelsPageSize: 5,
  profilePostsPageSize: 10,
  lastMessagePreview: 40,
  messageThumbnailsMax: 8,
  videoNameMax: 15,
  postCollapseLines: 15,
  postCollapseLinesWithMedia: 4,
  aiExamplePrompts: 4,
  aiInputMaxHeightPx: 200,
  usernameMax: 30,
  nameMax: 80,
  emailMax: 254,
  passwordMax: 128,
  otpLength: 6,
  /** A comment or reply on a post or clip. */
  commentMax: 1000,
  /** Members one post or comment may notify with @mentions. */
  mentionsMax: 10,
  groupNameMax: 80,
} as const;

export const DURATIONS_MS = {
  rememberMe: 30 * 24 * 60 * 60 * 1000,
  resendCooldown: 120_000,
  resetCooldown: 120_000,
  signupToVerify: 2000,
  resetToSignin: 2000,
  toast: 3000,
  emitDedupe: 500,
  reconnectDelay: 1000,
  reconnectDelayMax: 5000,
  connectTimeout: 20_000,
  typingIndicator: 5000,
  searchDebounce: 500,
  recordingError: 5000,
  mediaViewerKeyThrottle: 300,
  reelsControlsHide: 2000,
  friendsMinLoading: 1000,
  aiCopyConfirm: 2000,
} as const;

export const SOCKET_PATHS = { main: '/real', call: '/realcall' } as const;

/** MUI breakpoints from the spec: xs 0, sm 600, md 900, lg 1200, xl 1536. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

export const LAYOUT = {
  sidebarWidth: 220,
  sidebarWidthLarge: 240,
  notificationPanelWidthRem: 24,
  feedMaxWidth: 620,
  dialogMaxWidth: 400,
  callPopup: { width: 800, height: 600 },
  shareQrSize: 300,
} as const;

export const CONTEST_PRIZES_NRS = { first: 5000, second: 3000, third: 2000 } as const;

export const RINGTONE_VOLUME = 0.5;
export const SERVICE_WORKER_VERSION = 'v97';
export const REACTION_QUICK_SET = ['😀', '😂', '❤️', '👍', '😢'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg'] as const;
/** Where a post's link can be shared from the share dialog (part 2 §2). */
export const SHARE_NETWORKS = ['facebook', 'x', 'linkedin', 'whatsapp', 'messenger', 'native', 'copy', 'qr'] as const;
export const FEED_PAGE_SIZE = 10;
export const CHAT_ATTACHMENT_TYPES = ['image/*', 'video/*', 'audio/*', 'application/pdf', 'text/plain'] as const;

/** The spec's "simple address pattern" for emails. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The landing page's two external links are server settings (CONTEST_URL, SISTER_SITE_URL), but the page
 * is pre-rendered at build time: it is rendered with these stand-ins, which the server replaces with
 * its settings when it sends the page, and writes the real pair into `<meta name="sajha-links">` for the
 * app to read at once (no request, so the links are there from the first paint and hydration matches).
 */
export const LANDING_LINK_STANDINS = {
  contestUrl: 'https://contest.standin.invalid/',
  sisterSiteUrl: 'https://studio.standin.invalid/',
} as const;
export const LANDING_LINKS_META = 'sajha-links';
