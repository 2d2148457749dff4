/**
 * /ai (part 2 "AI chat"): a welcome panel with four example questions drawn from 20 (clicking one fills
 * the input), user and assistant bubbles, "Thinking..." while waiting, the reply streaming in, a
 * "Powered by" footer, and "New chat". Enter sends, Shift+Enter adds a newline, the input grows to
 * 200 px and is disabled while a reply is pending.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { useTranslation } from 'react-i18next';
import { AI_EXAMPLE_PROMPTS, AI_LIMITS, LIMITS } from '@sajha/contract';
import { useMessages } from '../../i18n/language';
import { SCREEN_FILL_HEIGHT } from '../../lib/layout';
import { FormattedText } from './FormattedText';
import { drawPrompts } from './prompts';
import { useAiChat, type ChatMessage } from './useAiChat';

const COLUMN = { maxWidth: 820, mx: 'auto', width: '100%' } as const;
/** Stands for the provider's name until it is known: a mark, not a word. */
const UNKNOWN = '…';

function AssistantAvatar() {
  return (
    <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', flexShrink: 0 }} aria-hidden>
      <AutoAwesomeOutlined fontSize="small" />
    </Avatar>
  );
}

function Bubble({ message }: { message: ChatMessage }) {
  const mine = message.role === 'user';
  return (
    <Box
      data-ai-message={message.role}
      sx={{ display: 'flex', gap: 1, justifyContent: mine ? 'flex-end' : 'flex-start', alignItems: 'flex-start' }}
    >
      {!mine && <AssistantAvatar />}
      <Box
        sx={{
          maxWidth: { xs: '85%', sm: '75%' },
          minWidth: 0,
          px: 1.75,
          py: 1.25,
          borderRadius: 2.5,
          borderTopRightRadius: mine ? 4 : undefined,
          borderTopLeftRadius: mine ? undefined : 4,
          bgcolor: mine ? 'primary.main' : 'background.paper',
          color: mine ? 'primary.contrastText' : 'text.primary',
          border: mine ? 0 : 1,
          borderColor: 'divider',
        }}
      >
        {mine ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.content}
          </Typography>
        ) : (
          <FormattedText text={message.content} />
        )}
      </Box>
    </Box>
  );
}

function Thinking() {
  const { Messages } = useMessages();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} role="status">
      <AssistantAvatar />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.75,
          py: 1,
          borderRadius: 2.5,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          color: 'text.secondary',
        }}
      >
        <CircularProgress size={14} aria-hidden />
        <Typography variant="body2">{Messages.ai.thinking}</Typography>
      </Box>
    </Box>
  );
}

function Welcome({ prompts, onPick }: { prompts: string[]; onPick: (prompt: string) => void }) {
  const { t } = useTranslation('ai');
  const { Messages, AiText } = useMessages();
  // Each example in the member's language (the catalogue's `prompts.<index in the contract's list>`).
  const say = (prompt: string) =>
    t(`prompts.${(AI_EXAMPLE_PROMPTS as readonly string[]).indexOf(prompt)}`, { defaultValue: prompt });
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 3, md: 6 } }}>
      <Avatar sx={{ width: 56, height: 56, mx: 'auto', mb: 2, bgcolor: 'primary.main' }} aria-hidden>
        <AutoAwesomeOutlined />
      </Avatar>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }} gutterBottom>
        {Messages.ai.welcomeTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {Messages.ai.welcomeText}
      </Typography>
      <Box
        component="ul"
        aria-label={AiText.examples}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1.5,
        }}
      >
        {prompts.map((prompt) => (
          <li key={prompt}>
            <Button
              variant="outlined"
              fullWidth
              onClick={() => onPick(say(prompt))}
              sx={{ justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none', py: 1.25, height: '100%' }}
            >
              {say(prompt)}
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}

export default function AiChatPage() {
  const { t } = useTranslation('ai');
  const { AiText } = useMessages();
  const { messages, provider, loaded, pending, send, newChat } = useAiChat();
  const [text, setText] = useState('');
  const [draw, setDraw] = useState(0);
  // Four of the twenty, drawn again for each new chat.
  const prompts = useMemo(() => drawPrompts(), [draw]); // eslint-disable-line react-hooks/exhaustive-deps
  const input = useRef<HTMLTextAreaElement | null>(null);
  const end = useRef<HTMLDivElement | null>(null);

  const title = t('title');
  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages, pending]);

  useEffect(() => {
    if (!pending && loaded) input.current?.focus();
  }, [pending, loaded]);

  const submit = () => {
    if (!text.trim() || pending || !loaded) return;
    void send(text);
    setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };

  const waiting = pending && messages.at(-1)?.role === 'user';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: SCREEN_FILL_HEIGHT }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: { xs: 2, md: 3 },
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <AutoAwesomeOutlined color="primary" aria-hidden />
        <Typography component="h1" variant="h6" sx={{ fontWeight: 700, flex: 1 }}>
          {title}
        </Typography>
        <Button
          startIcon={<AddCommentOutlined />}
          onClick={() => {
            void newChat().then(() => setDraw((d) => d + 1));
          }}
          disabled={pending || messages.length === 0}
        >
          {AiText.newChat}
        </Button>
      </Box>

      <Box role="log" aria-label={t('conversation')} sx={{ flex: 1, overflowY: 'auto', px: { xs: 1.5, md: 3 }, py: 2 }}>
        <Box sx={{ ...COLUMN, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {!loaded ? (
            <Box role="status" aria-busy="true" aria-label={t('loading')}>
              <Skeleton variant="rounded" height={48} sx={{ width: '55%', ml: 'auto', mb: 2 }} />
              <Skeleton variant="rounded" height={96} sx={{ width: '70%' }} />
            </Box>
          ) : messages.length === 0 ? (
            <Welcome
              prompts={prompts}
              onPick={(prompt) => {
                setText(prompt);
                input.current?.focus();
              }}
            />
          ) : (
            messages.map((m) => <Bubble key={m.id} message={m} />)
          )}
          {waiting && <Thinking />}
          <div ref={end} />
        </Box>
      </Box>

      <Box
        component="footer"
        sx={{
          borderTop: 1,
          borderColor: 'divider',
          px: { xs: 1.5, md: 3 },
          pt: 1.25,
          pb: 0.75,
          bgcolor: 'background.paper',
        }}
      >
        <Box sx={COLUMN}>
          <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
            <TextField
              inputRef={input}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              disabled={pending || !loaded}
              placeholder={AiText.inputPlaceholder}
              multiline
              minRows={1}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { 'aria-label': AiText.inputLabel, maxLength: AI_LIMITS.messageChars } }}
              sx={{
                '& .MuiInputBase-root': { borderRadius: 3 },
                '& textarea': { maxHeight: `${LIMITS.aiInputMaxHeightPx}px`, overflowY: 'auto !important' },
              }}
            />
            <IconButton
              color="primary"
              aria-label={AiText.send}
              onClick={submit}
              disabled={pending || !loaded || !text.trim()}
              sx={{ mb: 0.25 }}
            >
              <SendOutlined />
            </IconButton>
          </Box>
          <Typography variant="caption" component="p" color="text.secondary" sx={{ textAlign: 'center', mt: 0.75 }}>
            {AiText.poweredBy} {provider || UNKNOWN}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
