/**
 * The composer's privacy choices (issue 38): it starts from the member's defaults, sends who sees the
 * post and who may reply as multipart fields, and offers "Mark media as sensitive" only with media.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { PrivacyText, type CurrentUser } from '@sajha/contract';
import { dataProviders, fakeServer, signedInAs } from '../../lib/testing';
import { CreatePostDialog } from './CreatePostDialog';

const member: CurrentUser = {
  uid: '00000000-0000-4000-8000-0000000000a1',
  name: 'Asha Gurung',
  username: 'asha',
  avatar: null,
  defaultAudience: 'followers',
  defaultReplies: 'following',
};

/** XMLHttpRequest as the upload uses it: the form sent is kept, and the server agrees. */
function fakeUpload() {
  const forms: FormData[] = [];
  class FakeXhr {
    upload: { onprogress?: (e: ProgressEvent) => void } = {};
    status = 0;
    response: unknown = null;
    responseType = '';
    withCredentials = false;
    onload?: () => void;
    onerror?: () => void;
    open() {}
    send(form: FormData) {
      forms.push(form);
      queueMicrotask(() => {
        this.status = 200;
        this.response = { success: true, message: 'Post created.', post: null };
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return forms;
}

function open(user: CurrentUser = member) {
  const onClose = vi.fn();
  const Providers = dataProviders(fakeServer(), undefined, signedInAs(user));
  render(
    <ThemeProvider theme={createTheme()}>
      <Providers>
        <CreatePostDialog open onClose={onClose} />
      </Providers>
    </ThemeProvider>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Create Post' }) };
}

const choose = (dialog: HTMLElement, field: string, option: string) => {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: field }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('creating a post', () => {
  it("starts from the member's defaults and sends the audience and reply setting as fields", async () => {
    const forms = fakeUpload();
    const { dialog, onClose } = open();
    const audience = within(dialog).getByRole('combobox', { name: 'Who can see this' });
    const replies = within(dialog).getByRole('combobox', { name: 'Who can reply' });
    expect(audience.textContent).toContain(PrivacyText.audienceFollowers);
    expect(replies.textContent).toContain(PrivacyText.repliesFollowing);
    // No media: nothing to mark sensitive.
    expect(within(dialog).queryByRole('checkbox', { name: 'Mark media as sensitive' })).toBeNull();

    choose(dialog, 'Who can see this', PrivacyText.audienceFriends);
    choose(dialog, 'Who can reply', PrivacyText.repliesNobody);
    fireEvent.change(within(dialog).getByRole('textbox', { name: "What's on your mind?" }), {
      target: { value: 'Dal bhat power' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = forms[0]!;
    expect(form.get('content')).toBe('Dal bhat power');
    expect(form.get('audience')).toBe('friends');
    expect(form.get('replies')).toBe('nobody');
    expect(form.get('sensitive')).toBe('false');
  });

  it('offers "Mark media as sensitive" once media are attached, and sends it', async () => {
    const forms = fakeUpload();
    const { dialog, onClose } = open({ ...member, defaultAudience: undefined, defaultReplies: undefined });
    // A member without defaults starts public, everyone may reply.
    expect(within(dialog).getByRole('combobox', { name: 'Who can see this' }).textContent).toContain(
      PrivacyText.audiencePublic,
    );
    const photo = new File([new Uint8Array([1, 2, 3])], 'mountain.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(dialog).getByLabelText('Photos or videos'), { target: { files: [photo] } });
    const mark = await within(dialog).findByRole('checkbox', { name: 'Mark media as sensitive' });
    fireEvent.click(mark);
    fireEvent.change(within(dialog).getByRole('textbox', { name: "What's on your mind?" }), {
      target: { value: 'Careful, steep' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = forms[0]!;
    expect(form.get('audience')).toBe('public');
    expect(form.get('replies')).toBe('everyone');
    expect(form.get('sensitive')).toBe('true');
    expect((form.get('mediaFiles') as File).name).toBe('mountain.jpg');
  });
});
