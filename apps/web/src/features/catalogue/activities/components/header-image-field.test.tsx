import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/fake-fetch';
import { renderWithProviders } from '../../../../test/render';
import { fakeApi } from '../../../../test/team-fixtures';
import { HeaderImageField } from './header-image-field';

const file = (size: number, type: string, name = 'header.png') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('HeaderImageField', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks type and size (5 MB as 5,000,000 bytes) before uploading the chosen file as multipart', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const { calls } = fakeApi({
      'POST /api/courses/7/header-image': () =>
        json({ success: true, message: 'Image saved.', data: { list_url: '/l', detail_url: '/d' } }),
    });
    const { container } = renderWithProviders(<HeaderImageField courseId={7} image={null} canEdit />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(screen.getByText('No header image yet')).toBeInTheDocument();

    await userEvent.upload(input, file(100, 'application/pdf', 'a.pdf'), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a JPEG, PNG or WebP image.');
    await userEvent.upload(input, file(5_000_001, 'image/png'));
    expect(screen.getByRole('alert')).toHaveTextContent('The image is too large (at most 5 MB).');

    await userEvent.upload(input, file(5_000_000, 'image/png'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of the new header image' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload image' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Image saved.' })));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    expect(((post?.body as FormData).get('file') as File).name).toBe('header.png');
  });

  it('shows the stored image without buttons when the user may not edit', () => {
    renderWithProviders(<HeaderImageField courseId={7} image={{ list_url: '/l', detail_url: '/media/k/detail' }} canEdit={false} />);
    expect(screen.getByRole('img', { name: 'Header image of the activity' })).toHaveAttribute('src', '/media/k/detail');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
