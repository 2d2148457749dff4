/**
 * /message/{user?} and /message/@{username} (part 2 §2): the conversations list beside the selected
 * conversation; on narrow screens the list slides over it. A username in the path opens that chat,
 * or starts one when none exists. Title "Chat", then "{name} - Chat". `?m={message id}` (a search hit,
 * issue 35) opens the chat at that message, highlighted. A chat the server will not start (a member
 * not found, or whose "who can message me" leaves the sender out: issue 38) says why above the list,
 * until dismissed or another chat opens.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import { useLocalize, useMessages } from '../../i18n/language';
import { SCREEN_FILL_HEIGHT } from '../../lib/layout';
import { ChatList } from './ChatList';
import { chatPath, findChat } from './chatState';
import { Conversation } from './Conversation';
import { useGroupUpdates } from './GroupDialog';
import { NewChatDialog } from './NewChatDialog';
import { useChat } from './useChat';

export default function ChatPage() {
  const { user: param } = useParams();
  const [search, setSearch] = useSearchParams();
  const focusId = search.get('m');
  const navigate = useNavigate();
  const { t } = useTranslation('chat');
  const m = useMessages();
  const localize = useLocalize();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [listOver, setListOver] = useState(false);
  /** Why the last chat asked for did not start (the server's words, in the page's language). */
  const [refused, setRefused] = useState<string | null>(null);
  const api = useChat({
    onSelect: (chat) => {
      setListOver(false);
      void navigate(chatPath(chat), { replace: true });
    },
  });
  useGroupUpdates();
  const { chats, loaded, threads } = api.state;
  const selected = findChat(chats, param);
  const { openChat, startChat } = api;

  // A path naming someone with no chat yet starts one (once per path).
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || !param || selected || requested.current === param) return;
    requested.current = param;
    startChat({ username: param.replace(/^@/, '') }, (error) => setRefused(localize(error)));
  }, [loaded, param, selected, startChat, localize]);

  const selectedId = selected?.id;
  useEffect(() => {
    openChat(selectedId ?? null);
    // Another chat opened: the last refusal is old news.
    if (selectedId) setRefused(null);
  }, [selectedId, openChat]);

  const title = selected ? t('page.titleWith', { name: selected.sender.name }) : t('page.title');
  useEffect(() => {
    document.title = title;
  }, [title]);

  const hideList = Boolean(selected) && !listOver;
  return (
    <Box
      sx={{
        display: 'flex',
        height: SCREEN_FILL_HEIGHT,
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Box
        component="aside"
        aria-label={t('page.listLabel')}
        sx={{
          width: { xs: '100%', md: 340 },
          flexShrink: 0,
          borderRight: { md: 1 },
          borderColor: { md: 'divider' },
          bgcolor: 'background.paper',
          position: { xs: 'absolute', md: 'static' },
          inset: { xs: 0 },
          zIndex: { xs: 2, md: 'auto' },
          transform: { xs: hideList ? 'translateX(-100%)' : 'none', md: 'none' },
          visibility: { xs: hideList ? 'hidden' : 'visible', md: 'visible' },
          transition: hideList ? 'transform 250ms ease, visibility 0s linear 250ms' : 'transform 250ms ease',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {refused && (
          <Alert severity="warning" role="alert" onClose={() => setRefused(null)} sx={{ m: 1, flexShrink: 0 }}>
            {refused}
          </Alert>
        )}
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <ChatList
            chats={chats}
            loaded={loaded}
            selectedId={selectedId}
            onSelect={(chat) => {
              setListOver(false);
              void navigate(chatPath(chat));
            }}
            onNew={() => setDialogOpen(true)}
          />
        </Box>
      </Box>
      <Box component="section" aria-label={t('page.conversationLabel')} sx={{ flex: 1, minWidth: 0, height: '100%' }}>
        {selected ? (
          <Conversation
            key={selected.id}
            chat={selected}
            thread={threads[selected.id]}
            api={api}
            onBack={() => setListOver(true)}
            focusId={focusId}
            onFocused={() =>
              setSearch(
                (p) => {
                  p.delete('m');
                  return p;
                },
                { replace: true },
              )
            }
          />
        ) : (
          <Box
            sx={{ height: '100%', display: { xs: 'none', md: 'grid' }, placeItems: 'center', color: 'text.secondary' }}
          >
            <Box sx={{ textAlign: 'center' }}>
              <ForumOutlined sx={{ fontSize: 64, opacity: 0.5 }} aria-hidden />
              <Typography sx={{ mb: 2 }}>{t('page.pickOne')}</Typography>
              <Button variant="outlined" onClick={() => setDialogOpen(true)}>
                {m.Messages.chat.startNewButton}
              </Button>
            </Box>
          </Box>
        )}
      </Box>
      <NewChatDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onDirect={(uid) => {
          setRefused(null);
          startChat({ to_uid: uid }, (error) => setRefused(localize(error)));
        }}
        onGroup={api.startGroup}
      />
    </Box>
  );
}
