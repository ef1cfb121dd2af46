import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { toCreatePasteBody } from '../lib/share-options';
import { ShareOptionsForm } from './ShareOptionsForm';

async function setup(
  props: Partial<Parameters<typeof ShareOptionsForm>[0]> = {},
  language: 'en-US' | 'zh-CN' = 'en-US',
) {
  const onSubmit = vi.fn();
  const user = userEvent.setup({ delay: null });
  await renderWithProviders(<ShareOptionsForm onSubmit={onSubmit} {...props} />, { language });
  return { onSubmit, user };
}

// userEvent types key by key; on a busy machine a form full of fields takes a few seconds.
describe('ShareOptionsForm', { timeout: 20_000 }, () => {
  it('emits the defaults: random slug, no password, 7 days, unlimited views', async () => {
    const { onSubmit, user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Create share' }));
    expect(onSubmit).toHaveBeenCalledWith({
      slug: '',
      remark: '',
      password: '',
      expiry: '7d',
      maxViews: 0,
    });
  });

  it('emits every option the user sets, trimmed', async () => {
    const { onSubmit, user } = await setup();
    await user.type(screen.getByLabelText('Link suffix'), 'meeting_notes-2');
    await user.type(screen.getByLabelText('Remark'), '  Monday sync  ');
    await user.type(screen.getByLabelText('Password'), 's3cret pass');
    await user.selectOptions(screen.getByLabelText('Expires after'), '1h');
    await user.clear(screen.getByLabelText('View limit'));
    await user.type(screen.getByLabelText('View limit'), '3');
    await user.click(screen.getByRole('button', { name: 'Create share' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      slug: 'meeting_notes-2',
      remark: 'Monday sync',
      password: 's3cret pass',
      expiry: '1h',
      maxViews: 3,
    });
  });

  it('asks for end-to-end encryption and its optional password (issue 35)', async () => {
    const { onSubmit, user } = await setup();
    expect(screen.queryByLabelText(/Encryption password/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /End-to-end encrypt/ }));
    await user.type(screen.getByLabelText(/Encryption password/), 'only we know');
    await user.click(screen.getByRole('button', { name: 'Create share' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ encryption: { password: 'only we know' } }),
    );
  });

  it('checks the slug while typing and refuses to submit an invalid or reserved one', async () => {
    const { onSubmit, user } = await setup();
    const slug = screen.getByLabelText('Link suffix');

    await user.type(slug, 'bad slug!');
    expect(
      screen.getByText(/may only use letters, digits, hyphen and underscore/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create share' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(slug).toHaveFocus();

    await user.clear(slug);
    await user.type(slug, 'admin');
    expect(screen.getByText('This link suffix is reserved, choose another')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create share' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(slug, '-notes');
    expect(screen.queryByText(/reserved/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create share' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ slug: 'admin-notes' }));
  });

  it('never lets the view limit go negative', async () => {
    const { onSubmit, user } = await setup();
    const views = screen.getByLabelText('View limit');
    await user.clear(views);
    await user.type(views, '-5');
    await user.click(screen.getByRole('button', { name: 'Create share' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ maxViews: 5 }));
  });

  it('shows the server slug error for the submitted slug until it changes', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    const view = await renderWithProviders(<ShareOptionsForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Link suffix'), 'taken');
    await user.click(screen.getByRole('button', { name: 'Create share' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ slug: 'taken' }));

    view.rerender(<ShareOptionsForm onSubmit={onSubmit} slugError="Link suffix already taken" />);
    expect(screen.getByText('Link suffix already taken')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Link suffix'), '2');
    expect(screen.queryByText('Link suffix already taken')).not.toBeInTheDocument();
  });

  it('cannot submit while creating is not allowed', async () => {
    const { onSubmit } = await setup({ disabled: true });
    expect(screen.getByRole('button', { name: 'Create share' })).toBeDisabled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('speaks Chinese too', async () => {
    await setup({}, 'zh-CN');
    expect(screen.getByLabelText('链接后缀')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '创建分享' })).toBeInTheDocument();
  });
});

describe('toCreatePasteBody', () => {
  const now = new Date('2025-01-01T00:00:00.000Z');

  it('turns the expiry option into an ISO instant and leaves empty fields out', () => {
    expect(
      toCreatePasteBody(
        '# hi',
        'markdown',
        {
          slug: '',
          remark: '',
          password: '',
          expiry: '1d',
          maxViews: 0,
        },
        now,
      ),
    ).toEqual({
      content: '# hi',
      format: 'markdown',
      maxViews: 0,
      expiresAt: '2025-01-02T00:00:00.000Z',
    });
  });

  it('sends no expiry for "never" and keeps slug, remark and password', () => {
    expect(
      toCreatePasteBody(
        'text',
        'text',
        {
          slug: 'abc',
          remark: 'note',
          password: 'pw',
          expiry: 'never',
          maxViews: 2,
        },
        now,
      ),
    ).toEqual({
      content: 'text',
      format: 'text',
      maxViews: 2,
      slug: 'abc',
      remark: 'note',
      password: 'pw',
    });
  });
});
