import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { StorageForm } from './StorageFormModal';

/** The bodies the form sent, answered like the server does. */
let sent: unknown[] = [];

function answer(init?: RequestInit): Response {
  const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
  sent.push(body);
  const data = { ...(body as object), id: 'c1' };
  return new Response(JSON.stringify({ code: 201, message: 'OK', data, success: true }), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(answer(init))),
  );
});

afterEach(() => vi.unstubAllGlobals());

async function chooseProvider(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('textbox', { name: 'Provider' }));
  await user.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('StorageForm', () => {
  it('shows bucket fields for S3 providers and a directory for local disk', async () => {
    await renderWithProviders(<StorageForm config={null} onDone={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Bucket' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Access key ID' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Secret access key/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Directory' })).not.toBeInTheDocument();

    await chooseProvider('Local disk');
    expect(screen.getByRole('textbox', { name: 'Directory' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Bucket' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Access key ID' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Endpoint URL/ })).not.toBeInTheDocument();

    await chooseProvider('MinIO');
    expect(screen.getByRole('switch', { name: /Path-style addressing/ })).toBeChecked();
  });

  it('calls the link lifetime "presigned" for S3 only; local storage signs its own links', async () => {
    await renderWithProviders(<StorageForm config={null} onDone={() => undefined} />);
    expect(screen.getByRole('textbox', { name: /Presigned URL lifetime/ })).toBeInTheDocument();

    await chooseProvider('Local disk');
    expect(screen.getByRole('textbox', { name: /Signed link lifetime/ })).toBeInTheDocument();
    expect(screen.queryByText(/Presigned/)).not.toBeInTheDocument();
  });

  it('reports the missing required fields and sends nothing', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<StorageForm config={null} onDone={() => undefined} />);
    await chooseProvider('Cloudflare R2');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Give the config a name')).toBeInTheDocument();
    expect(screen.getByText('This provider needs its endpoint URL')).toBeInTheDocument();
    expect(screen.getByText('Enter the bucket name')).toBeInTheDocument();
    expect(screen.getByText('Enter the access key ID')).toBeInTheDocument();
    expect(screen.getByText('Enter the secret access key')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('converts the capacity to bytes with the chosen unit', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    await renderWithProviders(<StorageForm config={null} onDone={onDone} />);
    await chooseProvider('Local disk');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Disk two');
    await user.type(screen.getByRole('textbox', { name: /Total capacity/ }), '1.5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Capacity unit' }), 'TB');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        name: 'Disk two',
        provider_type: 'local',
        default_folder: null,
        signature_expires_in: 3600,
        total_storage_bytes: 1.5 * 1024 ** 4,
        is_default: false,
        root_path: null,
      },
    ]);
  });
});
