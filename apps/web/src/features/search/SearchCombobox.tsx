/**
 * The header's search box, an ARIA combobox: as the member types, "Search for “q”" and (after
 * SEARCH_LIMITS.suggestMinChars characters and a SEARCH_LIMITS.suggestDelayMs pause) people and tags;
 * in an empty box, their recent searches and "Clear recent searches". ArrowUp/ArrowDown move through
 * the options (aria-activedescendant, focus stays in the box), Enter opens the one chosen (or searches
 * the text), Escape closes the list, then empties the box.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import SearchIcon from '@mui/icons-material/Search';
import TagOutlined from '@mui/icons-material/TagOutlined';
import { SEARCH_LIMITS, SEARCH_TYPES, type PersonResult, type SearchType, type TagResult } from '@sajha/contract';
import { useFormat } from '../../i18n/format';
import { useMessages } from '../../i18n/language';
import { useDebounced } from '../../lib/useDebounced';
import { useToast } from '../../lib/toast';
import { VisuallyHidden } from '../../lib/VisuallyHidden';
import { profilePath, tagPath } from './linkify';
import { clearRecentSearches, useRecentSearches, useSuggestions } from './searchApi';

type Option =
  | { kind: 'query'; q: string }
  | { kind: 'recent'; q: string }
  | { kind: 'clearRecent' }
  | { kind: 'person'; person: PersonResult }
  | { kind: 'tag'; tag: TagResult };

interface Group {
  id: 'query' | 'recent' | 'people' | 'tags';
  label?: string;
  options: Option[];
}

/** The /search address for a text (keeping the tab when already on /search). */
function searchPath(q: string, type?: SearchType | null): string {
  const params = new URLSearchParams({ q });
  if (type && type !== 'top') params.set('type', type);
  return `/search?${params.toString()}`;
}

export function SearchCombobox({
  autoFocus,
  onDone,
  onEscape,
}: {
  autoFocus?: boolean;
  /** After the box took the member somewhere. */
  onDone?: () => void;
  /** Escape in a closed, empty box. */
  onEscape?: () => void;
}) {
  const { t } = useTranslation('search');
  const m = useMessages();
  const f = useFormat();
  const navigate = useNavigate();
  const client = useQueryClient();
  const toast = useToast();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = pathname === '/search';
  const urlQ = onSearchPage ? (params.get('q') ?? '') : '';
  const urlType = SEARCH_TYPES.find((type) => type === params.get('type')) ?? null;
  const [text, setText] = useState(urlQ);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);

  // The box shows the search on screen (back, forward, a tab of results), and empties on leaving it.
  useEffect(() => {
    setText(urlQ);
  }, [urlQ]);

  const typed = text.trim();
  const settled = useDebounced(typed, SEARCH_LIMITS.suggestDelayMs);
  const suggest = useSuggestions(settled);
  const recent = useRecentSearches(open && typed === '');
  const longEnough = typed.length >= SEARCH_LIMITS.suggestMinChars;

  const groups = useMemo<Group[]>(() => {
    if (!typed) {
      const list = recent.data ?? [];
      if (list.length === 0) return [];
      return [
        {
          id: 'recent',
          label: t('box.recent'),
          options: [...list.map((q): Option => ({ kind: 'recent', q })), { kind: 'clearRecent' }],
        },
      ];
    }
    const out: Group[] = [{ id: 'query', options: [{ kind: 'query', q: typed }] }];
    const data = longEnough ? suggest.data : undefined;
    if (data?.people.length)
      out.push({
        id: 'people',
        label: t('box.people'),
        options: data.people.slice(0, SEARCH_LIMITS.suggestEach).map((person) => ({ kind: 'person', person })),
      });
    if (data?.tags.length)
      out.push({
        id: 'tags',
        label: t('box.tags'),
        options: data.tags.slice(0, SEARCH_LIMITS.suggestEach).map((tag) => ({ kind: 'tag', tag })),
      });
    return out;
  }, [typed, longEnough, recent.data, suggest.data, t]);

  const options = groups.flatMap((g) => g.options);
  const expanded = open && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;
  const optionId = (i: number) => `${id}-option-${i}`;

  const finish = (to: string, keepText: boolean) => {
    setOpen(false);
    setActive(-1);
    if (!keepText) setText('');
    input.current?.blur();
    void navigate(to);
    onDone?.();
  };

  const choose = (option: Option) => {
    switch (option.kind) {
      case 'query':
      case 'recent':
        setText(option.q);
        return finish(searchPath(option.q, onSearchPage ? urlType : null), true);
      case 'person':
        return finish(profilePath(option.person.username), false);
      case 'tag':
        return finish(tagPath(option.tag.name), false);
      case 'clearRecent':
        setActive(-1);
        void clearRecentSearches(client).then((ok) =>
          toast.show(
            ok
              ? { message: m.SearchText.recentCleared, type: 'success' }
              : { message: t('box.clearFailed'), type: 'error' },
          ),
        );
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    const move = (by: number) => {
      e.preventDefault();
      if (!open) return setOpen(true);
      if (options.length === 0) return;
      // -1 (the box itself) and every option, round and round.
      const states = options.length + 1;
      setActive((a) => ((((a + 1 + by) % states) + states) % states) - 1);
    };
    switch (e.key) {
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      case 'Enter':
        e.preventDefault();
        if (activeOption) choose(activeOption);
        else if (typed) choose({ kind: 'query', q: typed });
        break;
      case 'Escape':
        if (expanded) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          e.preventDefault();
          setText('');
        } else onEscape?.();
        break;
    }
  };

  const describe = (option: Option): ReactNode => {
    switch (option.kind) {
      case 'query':
        return (
          <>
            <SearchIcon fontSize="small" aria-hidden />
            <Typography noWrap>{t('box.searchFor', { q: option.q })}</Typography>
          </>
        );
      case 'recent':
        return (
          <>
            <HistoryOutlined fontSize="small" aria-hidden />
            <Typography noWrap>{option.q}</Typography>
          </>
        );
      case 'clearRecent':
        return (
          <>
            <DeleteSweepOutlined fontSize="small" aria-hidden />
            <Typography noWrap color="primary">
              {t('box.clearRecent')}
            </Typography>
          </>
        );
      case 'person':
        return (
          <>
            <Avatar src={option.person.avatar ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
              {option.person.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography noWrap sx={{ fontWeight: 600, lineHeight: 1.2 }}>
                {option.person.name}
              </Typography>
              <Typography noWrap variant="caption" color="text.secondary" component="p">
                {`@${option.person.username}`}
              </Typography>
            </Box>
          </>
        );
      case 'tag':
        return (
          <>
            <TagOutlined fontSize="small" aria-hidden />
            <Typography noWrap sx={{ flex: 1 }}>{`#${option.tag.name}`}</Typography>
            <Typography variant="caption" color="text.secondary" noWrap>
              {t('uses', { count: option.tag.uses, number: f.number(option.tag.uses) })}
            </Typography>
          </>
        );
    }
  };

  let index = -1;
  const renderOption = (option: Option) => {
    const i = ++index;
    return (
      <Box
        key={optionId(i)}
        id={optionId(i)}
        role="option"
        aria-selected={i === active}
        data-kind={option.kind}
        // Focus stays in the box: a press on an option must not blur it first.
        onMouseDown={(e) => e.preventDefault()}
        onMouseMove={() => setActive(i)}
        onClick={() => choose(option)}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          px: 2,
          py: 1,
          minHeight: 44,
          cursor: 'pointer',
          bgcolor: i === active ? 'action.selected' : undefined,
        }}
      >
        {describe(option)}
      </Box>
    );
  };

  return (
    <Box role="search" aria-label={t('box.region')} sx={{ position: 'relative', width: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          height: 40,
          borderRadius: 5,
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'transparent',
          '&:focus-within': { borderColor: 'primary.main', bgcolor: 'background.paper' },
        }}
      >
        <SearchIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
        <InputBase
          inputRef={input}
          value={text}
          autoFocus={autoFocus}
          placeholder={t('box.placeholder')}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          sx={{ flex: 1, minWidth: 0 }}
          inputProps={{
            type: 'search',
            role: 'combobox',
            maxLength: SEARCH_LIMITS.queryMax,
            enterKeyHint: 'search',
            autoComplete: 'off',
            spellCheck: false,
            'aria-label': t('box.label'),
            'aria-autocomplete': 'list',
            'aria-expanded': expanded,
            'aria-controls': listId,
            'aria-activedescendant': activeOption ? optionId(active) : undefined,
          }}
        />
        {longEnough && suggest.isFetching && <CircularProgress size={16} aria-label={t('box.loading')} />}
      </Box>
      <VisuallyHidden>
        <span role="status">
          {expanded ? t('box.count', { count: options.length, number: f.number(options.length) }) : ''}
        </span>
      </VisuallyHidden>
      <Paper
        elevation={8}
        sx={{
          display: expanded ? 'block' : 'none',
          position: 'absolute',
          top: 'calc(100% + 6px)',
          left: 0,
          right: 0,
          zIndex: (theme) => theme.zIndex.modal,
          maxHeight: '70dvh',
          overflowY: 'auto',
          borderRadius: 2,
          py: 0.5,
        }}
      >
        <Box id={listId} role="listbox" aria-label={t('box.suggestions')}>
          {groups.map((g) =>
            g.label ? (
              <Box key={g.id} role="group" aria-labelledby={`${id}-${g.id}`}>
                <Typography
                  id={`${id}-${g.id}`}
                  variant="overline"
                  color="text.secondary"
                  component="div"
                  sx={{ px: 2, pt: 1, lineHeight: 2 }}
                >
                  {g.label}
                </Typography>
                {g.options.map(renderOption)}
              </Box>
            ) : (
              g.options.map(renderOption)
            ),
          )}
        </Box>
      </Paper>
    </Box>
  );
}
