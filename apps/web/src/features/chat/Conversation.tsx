/**
 * The selected conversation: header (avatar and name link to the profile, online state, Call, "Search
 * in this chat", the chat menu), the pinned banner, the virtualised message list (older pages load at
 * the top; a message asked for, by a search hit or a reply's quote, is paged to, scrolled to and
 * highlighted), the typing line and the composer (with the quote of the message being replied to).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import { useTranslation } from 'react-i18next';
import { LAYOUT, Routes, type ChatDto, type ReplyQuote } from '@sajha/contract';
import { useLocalize, useMessages } from '../../i18n/language';
import { useToast, type ToastOptions } from '../../lib/toast';
import { useFormat } from '../../i18n/format';
import type { Attachment } from './attachments';
import { isSystemLine, quoteOf, type Thread } from './chatState';
import { Composer } from './Composer';
import { EmojiPanel } from './EmojiPanel';
import { GroupDialog } from './GroupDialog';
import { MediaViewer } from './MediaViewer';
import { BlockDialog } from '../people';
import { ChatSearchDialog } from '../search';
import { BlockMemberDialog } from './BlockMemberDialog';
import { DeleteMessageDialog, type DeleteTarget } from './DeleteMessageDialog';
import { ForwardDialog } from './ForwardDialog';
import { MessageBubble, type BubbleActions } from './MessageBubble';
import type { ChatApi } from './useChat';
import { useJumpToMessage } from './useJumpToMessage';
import { fetchGroup, fetchMessageHistory } from './queries';
import { AvatarDialog } from '../settings';
import { useConnectedSocket } from '../../lib/realtime';

export function openCallPopup(uid: string): void {
  const { width, height } = LAYOUT.callPopup;
  window.open(`/call/${uid}`, `call-${uid}`, `popup=yes,width=${width},height=${height}`);
}

function Header({
  chat,
  onBack,
  onEditGroup,
  meId,
}: {
  chat: ChatDto;
  onBack: () => void;
  onEditGroup: () => void;
  meId: string | undefined;
}) {
  // "Edit Group" and "Change Group Name" open the group dialog (name, members, leave).
  const navigate = useNavigate();
  const { t } = useTranslation('chat');
  const m = useMessages();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [searching, setSearching] = useState(false);
  const [picturing, setPicturing] = useState(false);
  const socket = useConnectedSocket();
  const toast = useToast();
  const group = chat.sender.type === 'group';
  // The group's picture is its creator's to set: anyone else is told so before choosing a file.
  const setPicture = async () => {
    const info = socket ? await fetchGroup(socket, chat.id).catch(() => null) : null;
    if (info && info.creatorId === meId) setPicturing(true);
    else toast.show({ message: m.Messages.chat.creatorOnly, type: 'error' });
  };
  const profile = `/u/${chat.sender.username}`;
  const avatar = (
    <Badge
      overlap="circular"
      variant="dot"
      color="success"
      invisible={!chat.sender.online}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Avatar src={chat.sender.avatar ?? undefined} alt={chat.sender.name}>
        {chat.sender.name.slice(0, 1).toUpperCase()}
      </Avatar>
    </Badge>
  );
  const closeThen = (fn?: () => void) => () => {
    setMenu(null);
    fn?.();
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <IconButton aria-label={t('header.back')} onClick={onBack} sx={{ display: { md: 'none' } }}>
        <ArrowBack />
      </IconButton>
      {group ? (
        avatar
      ) : (
        <RouterLink to={profile} aria-label={t('header.profileOf', { name: chat.sender.name })}>
          {avatar}
        </RouterLink>
      )}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {group ? (
          <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }}>
            {chat.sender.name}
          </Typography>
        ) : (
          <Link
            component={RouterLink}
            to={profile}
            underline="hover"
            color="inherit"
            variant="subtitle1"
            sx={{ fontWeight: 600, display: 'block' }}
            noWrap
          >
            {chat.sender.name}
          </Link>
        )}
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {group
            ? t('header.group')
            : t(chat.sender.online ? 'header.online' : 'header.offline', { username: chat.sender.username })}
        </Typography>
      </Box>
      <Button
        startIcon={<VideocamOutlined />}
        onClick={() => openCallPopup(chat.sender.uid)}
        variant="outlined"
        size="small"
        aria-label={t('header.call')}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {t('header.call')}
      </Button>
      <IconButton aria-label={t('header.search')} onClick={() => setSearching(true)}>
        <SearchIcon />
      </IconButton>
      <ChatSearchDialog chatId={chat.id} open={searching} onClose={() => setSearching(false)} />
      <IconButton aria-label={t('header.menu')} onClick={(e) => setMenu(e.currentTarget)}>
        <MoreVert />
      </IconButton>
      <Menu anchorEl={menu} open={menu !== null} onClose={closeThen()}>
        {!group && (
          <MenuItem onClick={closeThen(() => void navigate(`/profile/${chat.sender.username}`))}>
            {t('header.viewProfile')}
          </MenuItem>
        )}
        {group && <MenuItem onClick={closeThen(onEditGroup)}>{m.Messages.chat.editGroup}</MenuItem>}
        <MenuItem onClick={closeThen(() => setBlocking(true))}>{t('header.blockUser')}</MenuItem>
        {group && <MenuItem onClick={closeThen(onEditGroup)}>{t('header.changeGroupName')}</MenuItem>}
        {group && <MenuItem onClick={closeThen(() => void setPicture())}>{t('header.setGroupPicture')}</MenuItem>}
      </Menu>
      {group && (
        <AvatarDialog
          open={picturing}
          onClose={() => setPicturing(false)}
          target={{
            path: Routes.groupPicture.path.replace(':chatId', chat.id),
            title: t('header.setGroupPicture'),
            done: () => toast.show({ message: t('header.groupPictureSet'), type: 'success' }),
          }}
        />
      )}
      {group ? (
        <BlockMemberDialog chatId={chat.id} open={blocking} onClose={() => setBlocking(false)} />
      ) : (
        <BlockDialog username={chat.sender.username} open={blocking} onClose={() => setBlocking(false)} />
      )}
    </Box>
  );
}

export function Conversation({
  chat,
  thread,
  api,
  onBack,
  focusId,
  onFocused,
}: {
  chat: ChatDto;
  thread: Thread | undefined;
  api: ChatApi;
  onBack: () => void;
  /** A message to open the chat at (a search hit), and what to do once it is shown or known gone. */
  focusId?: string | null;
  onFocused?: () => void;
}) {
  const { t } = useTranslation('chat');
  const m = useMessages();
  const localize = useLocalize();
  const toast = useToast();
  const f = useFormat();
  const list = useRef<VirtuosoHandle>(null);
  // A quote tapped in this chat: jumped to like a search hit.
  const [quoted, setQuoted] = useState<string | null>(null);
  const highlighted = useJumpToMessage({
    chatId: chat.id,
    thread,
    focusId: focusId ?? quoted,
    list,
    loadOlder: api.loadOlder,
    onFocused: () => {
      setQuoted(null);
      onFocused?.();
    },
    onGone: () => toast.show({ message: t('conversation.messageGone'), type: 'error' }),
  });
  const [text, setText] = useState('');
  const textRef = useRef(text);
  textRef.current = text;
  const [viewer, setViewer] = useState<{ items: Attachment[]; index: number } | null>(null);
  const [panel, setPanel] = useState<{ reactTo: string | null } | null>(null);
  const [hiddenPin, setHiddenPin] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [forwarding, setForwarding] = useState<string | null>(null);
  const [replying, setReplying] = useState<ReplyQuote | null>(null);
  // The message being edited, and what was in the box before (put back when the edit ends).
  const [editingMsg, setEditingMsg] = useState<{ id: string; content: string; draft: string } | null>(null);
  const socket = useConnectedSocket();
  const input = useRef<HTMLTextAreaElement>(null);
  // Choosing Reply puts the cursor in the composer, once the menu has given focus back to its button.
  const replyingTo = replying?.id ?? editingMsg?.id;
  useEffect(() => {
    if (!replyingTo) return;
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [replyingTo]);
  const endEdit = () => {
    if (editingMsg) setText(editingMsg.draft);
    setEditingMsg(null);
  };
  const group = chat.sender.type === 'group';
  const me = api.me?.uid;
  const items = useMemo(() => thread?.items ?? [], [thread]);
  const pinned = chat.pinned && chat.pinned.id !== hiddenPin ? chat.pinned : null;

  // Where a forward went, and why any chat refused it.
  const forwardToast = (answer: Parameters<Parameters<ChatApi['forward']>[2]>[0]): ToastOptions => {
    if ('error' in answer) return { message: answer.error, type: 'error' };
    const name = (id: string) => api.state.chats.find((c) => c.id === id)?.sender.name ?? '';
    const n = answer.forwarded.length;
    const done = n > 0 ? t('forward.done', { count: n, n: f.number(n), name: name(answer.forwarded[0]!.chatId) }) : '';
    const refused = answer.refused.map((r) => t('forward.refused', { name: name(r.chatId), reason: r.error }));
    return refused.length > 0
      ? { message: [done, ...refused].filter(Boolean).join(' · '), type: 'error' }
      : { message: done, type: 'success' };
  };

  const { react, pin, remove, retry, discard } = api;
  const actions = useMemo<BubbleActions>(
    () => ({
      onReact: react,
      onMoreReactions: (id) => setPanel({ reactTo: id }),
      onPin: pin,
      onDelete: (msg, own) => setDeleting({ id: msg.id, own }),
      onReply: (msg) => setReplying(quoteOf(msg)),
      onForward: (msg) => setForwarding(msg.id),
      onEdit: (msg) => {
        setReplying(null);
        setEditingMsg((was) => ({ id: msg.id, content: msg.content, draft: was ? was.draft : textRef.current }));
        setText(msg.content);
      },
      history: (id) => fetchMessageHistory(socket, id),
      onJump: setQuoted,
      onOpenMedia: (list, index) => setViewer({ items: list, index }),
      onRetry: (clientId) => retry(chat.id, clientId),
      onDiscard: (clientId) => discard(chat.id, clientId),
    }),
    [react, pin, retry, discard, chat.id, socket],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }}>
      <Header chat={chat} onBack={onBack} onEditGroup={() => setEditing(true)} meId={me} />
      {group && <GroupDialog chatId={chat.id} meId={me} open={editing} onClose={() => setEditing(false)} />}
      {pinned && (
        <Paper
          square
          elevation={0}
          role="region"
          aria-label={t('conversation.pinnedLabel')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 0.5, bgcolor: 'action.selected' }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {m.Messages.chat.pinned}
          </Typography>
          <Typography variant="body2" noWrap sx={{ flex: 1 }}>
            {(isSystemLine(pinned) ? localize(pinned.content) : pinned.content) || pinned.attachments[0]?.name || ''}
          </Typography>
          <IconButton size="small" aria-label={t('conversation.closePinned')} onClick={() => setHiddenPin(pinned.id)}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Paper>
      )}
      <Box
        sx={{ flex: 1, minHeight: 0, position: 'relative' }}
        role="log"
        aria-label={t('conversation.messages')}
        aria-live="polite"
      >
        {!thread || (thread.loading && items.length === 0) ? (
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
            <CircularProgress aria-label={t('conversation.loading')} />
          </Box>
        ) : items.length === 0 ? (
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', color: 'text.secondary' }}>
            <Typography>{t('conversation.sayHello', { name: chat.sender.name })}</Typography>
          </Box>
        ) : (
          <Virtuoso
            ref={list}
            key={chat.id}
            style={{ height: '100%' }}
            data={items}
            firstItemIndex={thread.firstIndex}
            initialTopMostItemIndex={items.length - 1}
            followOutput={(atBottom) => (atBottom ? 'smooth' : false)}
            startReached={() => api.loadOlder(chat.id)}
            computeItemKey={(_, m) => m.clientId ?? m.id}
            components={{
              Header: () =>
                thread.loading ? (
                  <Box sx={{ textAlign: 'center', py: 1 }}>
                    <CircularProgress size={20} />
                  </Box>
                ) : (
                  <Box sx={{ height: 8 }} />
                ),
              Footer: () => <Box sx={{ height: 8 }} />,
            }}
            itemContent={(_, msg) =>
              msg.notice ? (
                // A group announcement ("Asha left the group"): a centred line, not a bubble.
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="p"
                  sx={{ textAlign: 'center', py: 0.5 }}
                >
                  {localize(msg.content)}
                </Typography>
              ) : (
                <MessageBubble
                  m={msg}
                  own={msg.sender.uid === me}
                  group={group}
                  actions={actions}
                  highlighted={msg.id === highlighted}
                />
              )
            }
          />
        )}
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        aria-live="polite"
        sx={{ px: 2, minHeight: 20, fontStyle: 'italic' }}
      >
        {api.typing ? m.Messages.chat.typing(api.typing) : ''}
      </Typography>
      <Composer
        text={text}
        setText={setText}
        onSend={(body, attachments) => {
          if (editingMsg) {
            if (body !== editingMsg.content) {
              api.edit(chat.id, editingMsg.id, body, (error) => toast.show({ message: error, type: 'error' }));
            }
            endEdit();
            return;
          }
          api.send(chat.id, body, attachments, replying);
          setReplying(null);
        }}
        editing={editingMsg}
        onCancelEdit={() => {
          endEdit();
          input.current?.focus();
        }}
        replying={replying}
        onCancelReply={() => {
          setReplying(null);
          input.current?.focus();
        }}
        input={input}
        onTyping={() => api.typingSignal(chat.id)}
        onEmoji={() => setPanel({ reactTo: null })}
      />
      <EmojiPanel
        open={panel !== null}
        title={panel?.reactTo ? t('emoji.react') : t('emoji.title')}
        showGroupOptions={group && !panel?.reactTo}
        onClose={() => setPanel(null)}
        onPick={(e) => {
          if (panel?.reactTo) {
            api.react(panel.reactTo, e);
            setPanel(null);
          } else setText(text + e);
        }}
      />
      <ForwardDialog
        open={forwarding !== null}
        chats={api.state.chats}
        onClose={() => setForwarding(null)}
        onForward={(chatIds) => {
          if (forwarding) api.forward(forwarding, chatIds, (answer) => toast.show(forwardToast(answer)));
        }}
      />
      <DeleteMessageDialog target={deleting} onClose={() => setDeleting(null)} onConfirm={remove} />
      <MediaViewer
        items={viewer?.items ?? []}
        index={viewer?.index ?? null}
        onIndex={(index) => setViewer((v) => (v ? { ...v, index } : v))}
        onClose={() => setViewer(null)}
      />
    </Box>
  );
}
