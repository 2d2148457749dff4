/**
 * One message: a bubble at most 75% wide, its attachments (8 image thumbnails, then '+N'; video,
 * voice and file cards), reactions, time ("Just now" for live ones) and the options menu: the
 * reaction quick set, more reactions, Reply (the composer quotes the message; the reply shows the quote,
 * which jumps to the original), Forward (into other chats; a forwarded copy says so), Edit (one's own, for a day;
 * an edited message says "edited", which opens every earlier version), Pin or Unpin, and Delete for one's own
 * messages (for everyone or for me), "Hide for me" and "Report message" for others'. A send the server refused says so, with Retry and
 * Discard. A message moderators removed reads "Removed by moderators" and has no menu.
 */
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import ShortcutOutlined from '@mui/icons-material/ShortcutOutlined';
import { useTranslation } from 'react-i18next';
import { LIMITS, REACTION_QUICK_SET, type EditHistory, type ReplyQuote } from '@sajha/contract';
import { useFormat, withDigits } from '../../i18n/format';
import { useLocalize } from '../../i18n/language';
import { EditedMark } from '../../lib/EditHistory';
import { VisuallyHidden } from '../../lib/VisuallyHidden';
import { RemovedText, useReportDialog } from '../moderation';
import { isImage, isVideo, isVoice, type Attachment } from './attachments';
import { formatTime, isSystemLine, type UiMessage } from './chatState';
import { formatTimer } from './VoiceRecorder';

/** Left and right move between the quick reactions (up and down are the menu's own). */
function moveAlongRow(e: KeyboardEvent<HTMLLIElement>, index: number): void {
  const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return;
  const to = index + step;
  if (to < 0 || to >= REACTION_QUICK_SET.length) return;
  e.preventDefault();
  const next = step > 0 ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
  (next as HTMLElement | null)?.focus();
}

/** Whether the sender may still edit it (the server decides; this only hides the item when it would refuse). */
export const editable = (m: UiMessage, now = Date.now()): boolean =>
  !m.notice && !m.removed && now - Date.parse(m.timestamp) < LIMITS.messageEditHours * 3_600_000;

/** Marks a pinned message's time (a symbol, no words). */
const PIN_MARK = '📌 ';
/** Between the names of the members who reacted. */
const NAMES_SEPARATOR = ', ';

export interface BubbleActions {
  onReact: (id: string, reaction: string) => void;
  onMoreReactions: (id: string) => void;
  onPin: (id: string, pinned: boolean) => void;
  /** Delete (own: for everyone or for me) or hide (anyone else's, for me): asks first. */
  onDelete: (m: UiMessage, own: boolean) => void;
  /** Reply to this message (the composer shows its quote). */
  onReply: (m: UiMessage) => void;
  /** Forward this message into other chats (asks which). */
  onForward: (m: UiMessage) => void;
  /** Edit one's own message (the composer takes its text). */
  onEdit: (m: UiMessage) => void;
  /** Every version of an edited message, newest first. */
  history: (id: string) => Promise<EditHistory>;
  /** Show a quoted message: page back to it, scroll to it, highlight it. */
  onJump: (id: string) => void;
  onOpenMedia: (items: Attachment[], index: number) => void;
  /** A refused send (by client id): try again, or drop it. */
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

function FailedSend({ m, clientId, actions }: { m: UiMessage; clientId: string; actions: BubbleActions }) {
  const { t } = useTranslation('chat');
  const localize = useLocalize();
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        columnGap: 0.5,
        mx: 1,
        mt: 0.5,
        textAlign: 'right',
      }}
    >
      <Typography variant="caption" color="error" sx={{ fontWeight: 600 }}>
        {m.failed ? t('bubble.notSentWhy', { reason: localize(m.failed) }) : t('bubble.notSent')}
      </Typography>
      <Button size="small" onClick={() => actions.onRetry(clientId)} sx={{ minWidth: 0 }}>
        {t('bubble.retry')}
      </Button>
      <Button size="small" color="inherit" onClick={() => actions.onDiscard(clientId)} sx={{ minWidth: 0 }}>
        {t('bubble.discard')}
      </Button>
    </Box>
  );
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}...` : s);

function Attachments({ items, own, onOpen }: { items: Attachment[]; own: boolean; onOpen: (i: number) => void }) {
  const { t } = useTranslation('chat');
  const f = useFormat();
  const images = items.filter(isImage);
  const others = items.filter((a) => !isImage(a));
  const shown = images.slice(0, LIMITS.messageThumbnailsMax);
  const extra = images.length - shown.length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 0.5 }}>
      {shown.length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${Math.min(shown.length, 4)}, 1fr)`, gap: 0.5 }}>
          {shown.map((a, i) => (
            <Box
              key={a.id}
              component="button"
              type="button"
              aria-label={t('bubble.open', { name: a.name })}
              onClick={() => onOpen(items.indexOf(a))}
              sx={{ position: 'relative', p: 0, border: 0, cursor: 'pointer', bgcolor: 'transparent', borderRadius: 1 }}
            >
              <Box
                component="img"
                src={a.file}
                alt={a.name}
                loading="lazy"
                sx={{
                  width: '100%',
                  aspectRatio: '1',
                  objectFit: 'cover',
                  borderRadius: 1,
                  display: 'block',
                  minWidth: 64,
                  maxHeight: 200,
                }}
              />
              {extra > 0 && i === shown.length - 1 && (
                <Box
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    bgcolor: 'rgba(0,0,0,0.55)',
                    color: '#fff',
                    display: 'grid',
                    placeItems: 'center',
                    borderRadius: 1,
                    fontSize: 22,
                    fontWeight: 700,
                  }}
                >
                  {t('bubble.moreImages', { n: f.number(extra) })}
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
      {others.map((a) =>
        isVoice(a) ? (
          <Box key={a.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <audio
              src={a.file}
              controls
              preload="none"
              aria-label={
                a.durationMs === undefined
                  ? t('bubble.voiceNote', { name: a.name })
                  : t('bubble.voiceNoteLength', {
                      length: withDigits(formatTimer(seconds(a.durationMs)), f.prefs.digits),
                    })
              }
              style={{ maxWidth: 260 }}
            />
            {/* Its length before it is played (measured at upload; preload="none" fetches nothing). */}
            {a.durationMs !== undefined && (
              <Typography
                variant="caption"
                aria-hidden
                data-testid="voice-length"
                sx={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {withDigits(formatTimer(seconds(a.durationMs)), f.prefs.digits)}
              </Typography>
            )}
          </Box>
        ) : (
          <Chip
            key={a.id}
            icon={isVideo(a) ? <PlayCircleOutline /> : <InsertDriveFileOutlined />}
            label={t('bubble.file', {
              name: isVideo(a) ? cut(a.name, LIMITS.videoNameMax) : a.name,
              size: withDigits(a.size, f.prefs.digits),
            })}
            onClick={() => onOpen(items.indexOf(a))}
            aria-label={t('bubble.open', { name: a.name })}
            sx={{
              justifyContent: 'flex-start',
              maxWidth: '100%',
              bgcolor: own ? 'rgba(255,255,255,0.18)' : undefined,
              color: 'inherit',
            }}
          />
        ),
      )}
    </Box>
  );
}

/** Whole seconds of a length, a started second counting (a 0.4 s note is 0:01, never 0:00). */
const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/** The message a reply answers, above the reply's text: a button that jumps to it. */
export function Quote({ quote, own, onJump }: { quote: ReplyQuote; own: boolean; onJump?: (id: string) => void }) {
  const { t } = useTranslation('chat');
  const line = quote.gone
    ? t('bubble.quoteGone')
    : quote.text || (quote.attachmentName ? t('bubble.quotedFile', { name: quote.attachmentName }) : '');
  return (
    <Box
      component={onJump && !quote.gone ? 'button' : 'div'}
      type={onJump && !quote.gone ? 'button' : undefined}
      onClick={onJump && !quote.gone ? () => onJump(quote.id) : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        width: '100%',
        minWidth: 0,
        textAlign: 'left',
        font: 'inherit',
        color: 'inherit',
        cursor: onJump && !quote.gone ? 'pointer' : 'default',
        border: 0,
        borderLeft: 3,
        borderLeftColor: own ? 'rgba(255,255,255,0.8)' : 'primary.main',
        borderRadius: 1,
        // Darker on one's own (coloured) bubble: its white text keeps its contrast.
        bgcolor: own ? 'rgba(0,0,0,0.22)' : 'action.selected',
        px: 1,
        py: 0.5,
        mb: 0.5,
      }}
    >
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {/* Said before the quote's own words (its name includes what it shows). */}
        {onJump && !quote.gone && <VisuallyHidden>{t('bubble.goToQuoted', { name: quote.senderName })}</VisuallyHidden>}
        {!quote.gone && (
          <Typography variant="caption" component="span" sx={{ display: 'block', fontWeight: 700 }} noWrap>
            {quote.senderName}
          </Typography>
        )}
        <Typography
          variant="caption"
          component="span"
          sx={{ display: 'block', fontStyle: quote.gone ? 'italic' : undefined }}
          noWrap
        >
          {line}
        </Typography>
      </Box>
      {quote.thumb && (
        <Box
          component="img"
          src={quote.thumb}
          alt=""
          sx={{ width: 36, height: 36, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }}
        />
      )}
    </Box>
  );
}

function Reactions({ list }: { list: UiMessage['reactions'] }) {
  const { t } = useTranslation('chat');
  const f = useFormat();
  if (list.length === 0) return null;
  const counts = new Map<string, string[]>();
  for (const r of list) counts.set(r.reaction, [...(counts.get(r.reaction) ?? []), r.username]);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, mt: -0.5, flexWrap: 'wrap' }}>
      {[...counts].map(([emoji, users]) => (
        <Box
          key={emoji}
          title={users.join(NAMES_SEPARATOR)}
          role="img"
          aria-label={t('bubble.reactionBy', { emoji, users: users.join(NAMES_SEPARATOR) })}
          sx={{
            px: 0.75,
            borderRadius: 3,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            fontSize: 13,
          }}
        >
          {emoji}
          {users.length > 1 ? ` ${f.number(users.length)}` : ''}
        </Box>
      ))}
    </Box>
  );
}

function BubbleInner({
  m,
  own,
  group,
  actions,
  highlighted = false,
}: {
  m: UiMessage;
  own: boolean;
  group: boolean;
  actions: BubbleActions;
  /** The message a search opened the chat at: marked for a few seconds, and focused so it is read. */
  highlighted?: boolean;
}) {
  const article = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlighted) article.current?.focus({ preventScroll: true });
  }, [highlighted]);
  const { t } = useTranslation('chat');
  const f = useFormat();
  const localize = useLocalize();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const report = useReportDialog();
  const close = () => setAnchor(null);
  const stored = !m.pending && m.failed === undefined;
  const removed = m.removed === true;
  return (
    <Box
      data-message-id={m.id}
      data-highlighted={highlighted || undefined}
      sx={{
        display: 'flex',
        justifyContent: own ? 'flex-end' : 'flex-start',
        gap: 1,
        px: 2,
        py: 0.5,
        '&:hover .msg-options': { opacity: 1 },
        transition: 'background-color 600ms ease',
        bgcolor: highlighted ? (theme) => alpha(theme.palette.warning.main, 0.22) : 'transparent',
      }}
    >
      {!own && group && (
        <Avatar src={m.sender.avatar ?? undefined} alt={m.sender.name} sx={{ width: 28, height: 28, mt: 2.5 }}>
          {m.sender.name.slice(0, 1)}
        </Avatar>
      )}
      <Box
        sx={{ maxWidth: '75%', display: 'flex', flexDirection: 'column', alignItems: own ? 'flex-end' : 'flex-start' }}
      >
        {!own && group && (
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {m.sender.name}
          </Typography>
        )}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexDirection: own ? 'row-reverse' : 'row',
            gap: 0.5,
            maxWidth: '100%',
          }}
        >
          <Box
            ref={article}
            role="article"
            aria-label={own ? t('bubble.fromYou') : t('bubble.from', { name: m.sender.name })}
            // Focusable by script only (a jump puts focus here), and still after the highlight fades:
            // taking tabindex away from the focused element would drop focus to the page.
            tabIndex={-1}
            sx={{
              ...(highlighted && { outline: '3px solid', outlineColor: 'warning.main', outlineOffset: 2 }),
              px: 1.5,
              py: 1,
              borderRadius: 2.5,
              minWidth: 0,
              bgcolor: own ? 'primary.main' : 'action.hover',
              color: own ? 'primary.contrastText' : 'text.primary',
              borderBottomRightRadius: own ? 6 : undefined,
              borderBottomLeftRadius: own ? undefined : 6,
              opacity: m.pending ? 0.75 : 1,
              // Failed: full contrast (it stays on screen), marked by an outline in the error colour.
              ...(m.failed !== undefined && { outline: '2px dashed', outlineColor: 'error.main', outlineOffset: 2 }),
            }}
          >
            {highlighted && <VisuallyHidden>{t('bubble.found')}</VisuallyHidden>}
            {m.forwarded && !removed && (
              <Typography
                variant="caption"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontStyle: 'italic', opacity: 0.85 }}
              >
                <ShortcutOutlined sx={{ fontSize: 14 }} aria-hidden />
                {t('bubble.forwarded')}
              </Typography>
            )}
            {m.replyTo && !removed && <Quote quote={m.replyTo} own={own} onJump={actions.onJump} />}
            {removed ? (
              <RemovedText inherit={own} />
            ) : (
              m.content && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {isSystemLine(m) ? localize(m.content) : m.content}
                </Typography>
              )
            )}
            {!removed && m.attachments.length > 0 && (
              <Attachments items={m.attachments} own={own} onOpen={(i) => actions.onOpenMedia(m.attachments, i)} />
            )}
          </Box>
          {stored && !removed && (
            <IconButton
              className="msg-options"
              aria-label={t('bubble.options')}
              size="small"
              onClick={(e) => setAnchor(e.currentTarget)}
              // Visible in both modes (at 0.25 the grey icon vanished on the dark background).
              sx={{ color: 'text.secondary', opacity: { xs: 1, md: 0.7 }, '&:focus-visible': { opacity: 1 } }}
            >
              <MoreVert fontSize="small" />
            </IconButton>
          )}
        </Box>
        <Reactions list={m.reactions} />
        {m.failed !== undefined && m.clientId && <FailedSend m={m} clientId={m.clientId} actions={actions} />}
        <Typography variant="caption" color="text.secondary" sx={{ mx: 1 }}>
          {m.pinned ? PIN_MARK : ''}
          {m.live ? t('bubble.justNow') : formatTime(m.timestamp, f)}
          {m.editedAt && !removed && (
            <>
              {' · '}
              <EditedMark load={() => actions.history(m.id)} queryKey={['message', m.id, m.editedAt]} />
            </>
          )}
          {own && m.status === 'read' ? t('bubble.seen') : ''}
        </Typography>
      </Box>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        // The quick reactions are the menu's first items, laid out in one row (arrow keys move along it as
        // through the rest of the menu); every other item spans the row.
        slotProps={{
          list: {
            sx: {
              display: 'grid',
              gridTemplateColumns: `repeat(${REACTION_QUICK_SET.length}, 44px)`,
              '& > :not(.quick-reaction)': { gridColumn: '1 / -1' },
            },
          },
        }}
      >
        {REACTION_QUICK_SET.map((r, i) => (
          <MenuItem
            key={r}
            className="quick-reaction"
            aria-label={t('bubble.react', { emoji: r })}
            onClick={() => {
              actions.onReact(m.id, r);
              close();
            }}
            onKeyDown={(e) => moveAlongRow(e, i)}
            sx={{ fontSize: 20, minHeight: 44, px: 0, justifyContent: 'center', borderRadius: 1 }}
          >
            {r}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            actions.onMoreReactions(m.id);
            close();
          }}
        >
          {t('bubble.moreReactions')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            actions.onReply(m);
            close();
          }}
        >
          {t('bubble.reply')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            actions.onForward(m);
            close();
          }}
        >
          {t('bubble.forward')}
        </MenuItem>
        {own && editable(m) && (
          <MenuItem
            onClick={() => {
              actions.onEdit(m);
              close();
            }}
          >
            {t('bubble.edit')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            actions.onPin(m.id, !m.pinned);
            close();
          }}
        >
          {m.pinned ? t('bubble.unpin') : t('bubble.pin')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            actions.onDelete(m, own);
            close();
          }}
          sx={{ color: 'error.main' }}
        >
          {own ? t('bubble.delete') : t('bubble.hideForMe')}
        </MenuItem>
        {!own && (
          <MenuItem
            onClick={() => {
              close();
              report.open({ kind: 'message', id: m.id, title: t('bubble.report') });
            }}
          >
            {t('bubble.report')}
          </MenuItem>
        )}
      </Menu>
      {report.dialog}
    </Box>
  );
}

export const MessageBubble = memo(BubbleInner);
